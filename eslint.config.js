// Lint config. Beyond the usual rules it enforces architecture.md "Layout": the pure core never
// reaches the world (fs, processes, network SDKs), and imports only flow cli/github → evolve →
// evaluate → bank/cases/llm.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const worldModules = [
  { name: "fs", message: "Pure modules do not touch the filesystem: use an adapter (src/fsio, src/git)." },
  {
    name: "node:fs",
    message: "Pure modules do not touch the filesystem: use an adapter (src/fsio, src/git).",
  },
  { name: "fs/promises", message: "Pure modules do not touch the filesystem: use an adapter." },
  { name: "node:fs/promises", message: "Pure modules do not touch the filesystem: use an adapter." },
  { name: "child_process", message: "Pure modules do not spawn processes: use a runner adapter." },
  { name: "node:child_process", message: "Pure modules do not spawn processes: use a runner adapter." },
  { name: "node:http", message: "Pure modules do not open sockets." },
  { name: "node:https", message: "Pure modules do not open sockets." },
  { name: "node:net", message: "Pure modules do not open sockets." },
];
const sdkPatterns = [
  { group: ["openai", "openai/*"], message: "Only src/llm/openai.ts imports openai." },
  { group: ["isomorphic-git", "isomorphic-git/*"], message: "Only src/git/ imports isomorphic-git." },
  { group: ["probot", "@octokit/*"], message: "Only src/github/ imports probot and @octokit." },
];
const layer = (forbidden) =>
  forbidden.map((dir) => ({
    group: [`**/${dir}/*`, `**/${dir}/**`],
    message: `Import direction (architecture.md "Layout"): this layer must not import src/${dir}/.`,
  }));

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
];

const restrict = (files, { world = true, sdks = sdkPatterns, layers = [] } = {}, ignores = []) => ({
  files,
  ignores,
  rules: {
    "no-restricted-imports": [
      "error",
      { paths: world ? worldModules : [], patterns: [...sdks, ...layer(layers)] },
    ],
  },
});

export default tseslint.config(
  { ignores: ["node_modules/**", "demo-out/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: "Pass an rng in; no Math.random.",
        },
      ],
    },
  },
  // Pure core: no world, no SDKs, and imports only flow downward.
  restrict(
    ["src/bank/**", "src/cases/**"],
    { layers: ["evaluate", "evolve", "github", "cli", "sim", "llm"] },
    adapters,
  ),
  restrict(["src/config/**"], { layers: ["evaluate", "evolve", "github", "cli", "sim"] }, adapters),
  restrict(["src/llm/**"], { layers: ["evaluate", "evolve", "github", "cli", "sim"] }, adapters),
  restrict(["src/evaluate/**"], { layers: ["evolve", "github", "cli", "sim"] }, adapters),
  restrict(["src/evolve/**"], { layers: ["github", "cli", "sim"] }, adapters),
  restrict(["src/sim/**"], { layers: ["github", "cli"] }, adapters),
  restrict(["src/report/**", "src/feedback/**"], { layers: ["cli", "github"] }, adapters),
  // Adapters: the world is allowed, but SDKs stay in their own folder.
  restrict(["src/llm/openai.ts"], {
    world: true,
    sdks: sdkPatterns.slice(1),
    layers: ["evolve", "github", "cli"],
  }),
  restrict(["src/git/**"], {
    world: false,
    sdks: [sdkPatterns[0], sdkPatterns[2]],
    layers: ["github", "cli"],
  }),
  restrict(["src/github/**"], { world: false, sdks: [sdkPatterns[0], sdkPatterns[1]], layers: ["cli"] }),
  // The local GitHub double and git server stand in for GitHub in the demo and the tests.
  restrict(["test/support/double/**"], {
    world: false,
    sdks: [sdkPatterns[0], sdkPatterns[1]],
    layers: ["cli", "evolve", "sim"],
  }),
  restrict(
    [
      "src/fsio/**",
      "src/evaluate/runners/**",
      "src/evaluate/cache-store.ts",
      "src/evaluate/scorers/command.ts",
      "src/llm/replay.ts",
      "src/kernel/**",
    ],
    { world: false, layers: ["evolve", "github", "cli"] },
  ),
  {
    files: ["test/**", "bench/**", "demo/**"],
    rules: { "no-restricted-syntax": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
