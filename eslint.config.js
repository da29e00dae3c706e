// Lint config. Beyond the usual rules it enforces docs/architecture.md "Layers": the pure core never
// reaches the world (fs, processes, network, the clock, SDKs), imports only flow downward
// (cli/github → evolve → evaluate → bank/cases/llm → vocabulary), and no function or file outgrows
// what one reader can hold. Import cycles are checked by dependency-cruiser (npm run cycles).
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const fsMessage = "Pure modules do not touch the filesystem: use an adapter (src/fsio, src/git).";
const worldModules = [
  ...["fs", "node:fs", "fs/promises", "node:fs/promises"].map((name) => ({ name, message: fsMessage })),
  ...["child_process", "node:child_process"].map((name) => ({
    name,
    message: "Pure modules do not spawn processes: use a runner adapter.",
  })),
  ...["node:http", "node:https", "node:net", "node:dgram", "node:tls"].map((name) => ({
    name,
    message: "Pure modules do not open sockets.",
  })),
  ...["os", "node:os"].map((name) => ({
    name,
    message: "Pure modules do not read the machine (node:os): pass what they need in.",
  })),
];
const sdkPatterns = {
  openai: { group: ["openai", "openai/*"], message: "Only src/llm/openai.ts imports openai." },
  git: { group: ["isomorphic-git", "isomorphic-git/*"], message: "Only src/git/ imports isomorphic-git." },
  github: { group: ["probot", "@octokit/*"], message: "Only src/github/ imports probot and @octokit." },
};
const allSdks = Object.values(sdkPatterns);

// Relative imports name folders, so a pattern on the folder name catches every depth.
const layer = (forbidden) =>
  forbidden.map((dir) => ({
    group: [`**/${dir}/*`, `**/${dir}/**`],
    message: `Import direction (docs/architecture.md "Layers"): this layer must not import src/${dir}/.`,
  }));
// What the pure core may never import, whatever its layer: the adapters and the stand-ins.
const coreForbidden = [
  {
    group: ["**/fsio/*", "**/git/*", "**/llm/openai.js", "**/llm/replay.js", "**/runners/*"],
    message:
      "The pure core does not import adapters (fsio, git, the OpenAI client, runners): take them as parameters.",
  },
  {
    group: ["**/test/**", "**/demo/**", "**/*-double/**", "**/*-double.js", "**/git-server.js"],
    message: "The product never imports the test doubles or the demo.",
  },
];

// Files that talk to the world. Everything else under src/ is pure.
const adapters = [
  "src/cli/**",
  "src/fsio/**",
  "src/git/**",
  "src/github/**",
  "src/llm/openai.ts",
  "src/llm/replay.ts",
  "src/evaluate/runners/**",
  "src/evaluate/cache-store.ts",
  "src/evaluate/scorers/command.ts",
  "src/kernel/**",
  "src/action/run-action.ts",
  "src/action/main.ts",
  "src/sim/endpoint/server.ts",
  "src/sim/endpoint/simulated-model.ts",
  "src/sandbox/host-layout.ts",
  "src/sandbox/sandbox-ready.ts",
  "src/sandbox/contained-command.ts",
];
// Pure files inside src/github: renderers and decisions over plain data (tested without a double).
const githubPure = [
  "src/github/frontier/pr-body.ts",
  "src/github/frontier/mermaid.ts",
  "src/github/frontier/branch-name.ts",
  "src/github/frontier/format.ts",
  "src/github/frontier/plan.ts",
  "src/github/frontier/member-deletions.ts",
  "src/github/frontier/exposure-section.ts",
  "src/github/frontier/kept-files-section.ts",
  "src/github/frontier/what-changed-section.ts",
  "src/github/dashboard/dashboard.ts",
  "src/github/deploy/revert-detect.ts",
  "src/github/commands/commands.ts",
  "src/github/markers.ts",
  "src/github/neutralise.ts",
  "src/github/labels.ts",
  "src/github/frontier/pr-marker.ts",
  "src/github/frontier/own-pull.ts",
  "src/github/permissions.ts",
  "src/github/branch-guard.ts",
];
const githubAdapterModules = {
  group: [
    "**/repo.js",
    "**/repo-pulls.js",
    "**/app.js",
    "**/app-entry.js",
    "**/token-client.js",
    "**/config-load.js",
    "**/work-queue.js",
  ],
  message: "A pure github renderer takes data (types from port.ts), never the client.",
};

const restrict = (files, { world = true, sdks = allSdks, layers = [], extra = [] } = {}, ignores = []) => ({
  files,
  ignores,
  rules: {
    "no-restricted-imports": [
      "error",
      { paths: world ? worldModules : [], patterns: [...sdks, ...layer(layers), ...extra] },
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
  { files: ["src/**/*.ts"], ignores: adapters, rules: { "no-restricted-syntax": ["error", ...coreSyntax] } },
  // The clock itself: the one place the system time is read.
  { files: ["src/vocabulary/clock.ts"], rules: { "no-restricted-syntax": "off" } },
  // Pure core: no world, no SDKs, no adapters, and imports only flow downward.
  restrict(
    ["src/vocabulary/**"],
    {
      layers: [
        "bank",
        "cases",
        "config",
        "evaluate",
        "evolve",
        "feedback",
        "github",
        "cli",
        "sim",
        "llm",
        "report",
        "init",
        "workflows",
        "random",
        "kernel",
        "audit",
      ],
      extra: coreForbidden,
    },
    adapters,
  ),
  restrict(["src/random/**"], {
    layers: ["bank", "cases", "evaluate", "evolve", "github", "cli", "sim", "llm"],
  }),
  restrict(
    ["src/bank/**", "src/cases/**"],
    { layers: ["evaluate", "evolve", "github", "cli", "sim", "llm", "report", "init"], extra: coreForbidden },
    adapters,
  ),
  restrict(
    ["src/config/**", "src/llm/**"],
    { layers: ["evaluate", "evolve", "github", "cli", "sim", "report", "init"], extra: coreForbidden },
    adapters,
  ),
  restrict(
    ["src/evaluate/**"],
    { layers: ["evolve", "github", "cli", "sim", "report", "init"], extra: coreForbidden },
    adapters,
  ),
  restrict(["src/evolve/**"], { layers: ["github", "cli", "sim", "init"], extra: coreForbidden }, adapters),
  restrict(["src/sim/**"], { layers: ["github", "cli", "init"], extra: coreForbidden }, adapters),
  // The audit reads banks and cases; it never reaches the engine, the adapters or the CLI.
  restrict(
    ["src/audit/**"],
    { layers: ["evolve", "github", "cli", "sim", "init"], extra: coreForbidden },
    adapters,
  ),
  restrict(
    ["src/coldstart/**"],
    { layers: ["github", "cli", "sim", "init"], extra: coreForbidden },
    adapters,
  ),
  restrict(
    ["src/report/**", "src/feedback/**", "src/workflows/**", "src/init/**"],
    { layers: ["cli", "github"], extra: coreForbidden },
    adapters,
  ),
  // Adapters: the world is allowed, but SDKs stay in their own folder, and none imports the doubles.
  restrict(["src/llm/openai.ts"], {
    world: true,
    sdks: [sdkPatterns.git, sdkPatterns.github],
    layers: ["evolve", "github", "cli"],
    extra: [coreForbidden[1]],
  }),
  restrict(["src/git/**"], {
    world: false,
    sdks: [sdkPatterns.openai, sdkPatterns.github],
    layers: ["github", "cli"],
    extra: [coreForbidden[1]],
  }),
  restrict(["src/github/**"], {
    world: false,
    sdks: [sdkPatterns.openai, sdkPatterns.git],
    layers: ["cli"],
    extra: [coreForbidden[1]],
  }),
  restrict(githubPure, { sdks: allSdks, layers: ["cli"], extra: [githubAdapterModules, coreForbidden[1]] }),
  restrict(
    [
      "src/fsio/**",
      "src/evaluate/runners/**",
      "src/evaluate/cache-store.ts",
      "src/evaluate/scorers/command.ts",
      "src/llm/replay.ts",
      "src/kernel/**",
    ],
    { world: false, layers: ["evolve", "github", "cli"], extra: [coreForbidden[1]] },
  ),
  restrict(["src/cli/**"], { world: false, sdks: [sdkPatterns.openai, sdkPatterns.git], extra: [] }),
  // The GitHub Action: pure input → flags and outputs, one I/O file that runs the CLI.
  restrict(["src/action/**"], { layers: ["cli", "github"], extra: coreForbidden }, adapters),
  restrict(["src/action/run-action.ts", "src/action/main.ts"], { world: false, extra: [coreForbidden[1]] }),
  // The local GitHub double and git server stand in for GitHub in the demo and the tests.
  restrict(["test/support/github-double/**", "test/support/git-server.ts", "test/support/openai-double.ts"], {
    world: false,
    sdks: [sdkPatterns.openai, sdkPatterns.git],
    layers: ["cli", "evolve", "sim"],
  }),
  {
    files: ["test/**", "bench/**", "demo/**"],
    rules: { "no-restricted-syntax": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
