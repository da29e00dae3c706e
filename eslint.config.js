// Lint config. Beyond the usual rules it enforces docs/architecture.md "Layers" by folder alone:
// vocabulary/, records/ and core/ are pure (no filesystem, processes, sockets, clock, SDKs), and
// imports flow downward (apps → sim → io → core → records → vocabulary). The lint names folders,
// never files, so the folder a file sits in says what it may touch. No function or file outgrows
// what one reader can hold. Import cycles are checked by dependency-cruiser (npm run cycles).
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const fsMessage = "Pure folders do not touch the filesystem: use an adapter under src/io/.";
const worldModules = [
  ...["fs", "node:fs", "fs/promises", "node:fs/promises"].map((name) => ({ name, message: fsMessage })),
  ...["child_process", "node:child_process"].map((name) => ({
    name,
    message: "Pure folders do not spawn processes: use an adapter under src/io/.",
  })),
  ...["node:http", "node:https", "node:net", "node:dgram", "node:tls"].map((name) => ({
    name,
    message: "Pure folders do not open sockets.",
  })),
  ...["os", "node:os"].map((name) => ({
    name,
    message: "Pure folders do not read the machine (node:os): pass what they need in.",
  })),
];
const sdk = {
  openai: { group: ["openai", "openai/*"], message: "Only src/io/llm/ imports openai." },
  git: { group: ["isomorphic-git", "isomorphic-git/*"], message: "Only src/io/git/ imports isomorphic-git." },
  github: {
    group: ["probot", "@octokit/*"],
    message: "Only src/io/github-api/ and src/apps/app/ import probot and @octokit.",
  },
};

// Relative imports name folders, so a pattern on the folder name catches every depth.
const above = (dirs, layer) =>
  dirs.map((dir) => ({
    group: [`**/${dir}/*`, `**/${dir}/**`],
    message: `Import direction (docs/architecture.md "Layers"): ${layer} must not import src/${dir}/.`,
  }));
const standIns = {
  group: ["**/test/**", "**/demo/**", "**/bench/**", "**/*-double/**", "**/*-double.js", "**/git-server.js"],
  message: "The product never imports the test doubles, the benches or the demo.",
};

const layerRule = (files, { world, sdks, forbidden }) => ({
  files,
  rules: {
    "no-restricted-imports": [
      "error",
      { paths: world ? [] : worldModules, patterns: [...sdks, ...forbidden, standIns] },
    ],
  },
});

// The pure core reads no clock, no network and loads no code at run time.
const coreSyntax = [
  {
    selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
    message: "Pass an rng in; no Math.random.",
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: "The core reads no clock: take a Clock (src/vocabulary/clock.ts).",
  },
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: "The core reads no clock: take a Clock (src/vocabulary/clock.ts).",
  },
  { selector: "CallExpression[callee.name='fetch']", message: "The core opens no connections." },
  { selector: "ImportExpression", message: "The core loads no code at run time (no dynamic import())." },
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      "demo-out/**",
      "coverage/**",
      "dist/**",
      "action/dist/**",
      ".dist-next-*/**",
      "dist.old-*/**",
    ],
  },
  js.configs.recommended,
  { files: ["**/*.cjs"], languageOptions: { sourceType: "commonjs", globals: { module: "writable" } } },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-syntax": ["error", coreSyntax[0]],
    },
  },
  // Size: a function one screen long, a file one sitting long.
  {
    files: ["src/**/*.ts", "demo/**/*.ts"],
    rules: {
      "max-lines-per-function": ["error", { max: 60 }],
      "max-lines": ["error", { max: 400 }],
    },
  },
  // Pure folders: no clock, no randomness, no code loaded at run time.
  {
    files: ["src/vocabulary/**/*.ts", "src/records/**/*.ts", "src/core/**/*.ts", "src/sim/*.ts"],
    rules: { "no-restricted-syntax": ["error", ...coreSyntax] },
  },
  // The clock itself: the one place the system time is read.
  { files: ["src/vocabulary/clock.ts"], rules: { "no-restricted-syntax": "off" } },
  layerRule(["src/vocabulary/**"], {
    world: false,
    sdks: Object.values(sdk),
    forbidden: above(["records", "core", "io", "sim", "apps"], "vocabulary/"),
  }),
  layerRule(["src/records/**"], {
    world: false,
    sdks: Object.values(sdk),
    forbidden: above(["core", "io", "sim", "apps"], "a record"),
  }),
  layerRule(["src/core/**"], {
    world: false,
    sdks: Object.values(sdk),
    forbidden: above(["io", "sim", "apps"], "the pure core"),
  }),
  // Inside the core, the shared parts sit below the engine and the renderers.
  layerRule(["src/core/{bank,cases,config,llm,evaluate,audit,sandbox}/**"], {
    world: false,
    sdks: Object.values(sdk),
    forbidden: above(
      ["io", "sim", "apps", "evolve", "render", "github", "report", "init"],
      "this part of the core",
    ),
  }),
  // The simulated world: its roles and world are pure; sim/endpoint/ serves them over HTTP.
  layerRule(["src/sim/*.ts"], {
    world: false,
    sdks: Object.values(sdk),
    forbidden: above(["io", "apps", "endpoint"], "the simulated world"),
  }),
  layerRule(["src/sim/endpoint/**"], {
    world: true,
    sdks: [sdk.git, sdk.github],
    forbidden: above(["apps"], "the simulated endpoint"),
  }),
  // Adapters: the world is allowed, each SDK stays in its own folder, and nothing imports upward.
  layerRule(["src/io/**"], {
    world: true,
    sdks: [],
    forbidden: above(["sim", "apps"], "an adapter"),
  }),
  layerRule(["src/io/git/**"], {
    world: true,
    sdks: [sdk.openai, sdk.github],
    forbidden: above(["sim", "apps"], "git/"),
  }),
  layerRule(["src/io/llm/**"], {
    world: true,
    sdks: [sdk.git, sdk.github],
    forbidden: above(["sim", "apps"], "llm/"),
  }),
  layerRule(["src/io/github-api/**"], {
    world: true,
    sdks: [sdk.openai, sdk.git],
    forbidden: above(["sim", "apps"], "github-api/"),
  }),
  layerRule(
    ["src/io/fsio/**", "src/io/runners/**", "src/io/kernel/**", "src/io/sandbox/**", "src/io/cache/**"],
    { world: true, sdks: Object.values(sdk), forbidden: above(["sim", "apps"], "an adapter") },
  ),
  layerRule(["src/apps/app/**"], {
    world: true,
    sdks: [sdk.openai, sdk.git],
    forbidden: above(["cli", "action"], "the app"),
  }),
  layerRule(["src/apps/cli/**"], {
    world: true,
    sdks: [sdk.openai, sdk.git],
    forbidden: above(["action"], "the CLI"),
  }),
  layerRule(["src/apps/action/**"], { world: true, sdks: Object.values(sdk), forbidden: [] }),
  // The local GitHub double and git server stand in for GitHub in the demo and the tests.
  {
    files: ["test/support/github-double/**", "test/support/git-server.ts", "test/support/openai-double.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [sdk.openai, sdk.git, ...above(["apps", "core/evolve", "sim"], "a stand-in")] },
      ],
    },
  },
  {
    files: ["test/**", "bench/**", "demo/**"],
    rules: { "no-restricted-syntax": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
