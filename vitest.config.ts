import { defineConfig } from "vitest/config";

// The end-to-end tests drive whole flows (app, git, evolve runs) and share two cores with the rest
// of the suite: their budget is 120 s a test and a hook, so a loaded machine does not fail them.
const E2E = "test/e2e/**/*.test.ts";
// Files that need a module registry of their own: lazy-commands watches which modules a command
// imports (vi.mock), which a registry another file already filled would hide.
const OWN_REGISTRY = ["test/cli/lazy-commands.test.ts"];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One test file per core. Vitest's default for `run` is one fewer, which on a 2-core machine runs
    // every file one after another; most files wait on git, servers and child processes, so two at
    // once take less time there.
    maxWorkers: "100%",
    // @actions/workflow-parser imports its JSON schema without an import attribute (it expects a
    // bundler), so vitest transforms it instead of handing it to Node.
    server: { deps: { inline: ["@actions/workflow-parser"] } },
    // Files share their worker's module registry instead of each importing the engine afresh: with
    // one process per file, importing took about a fifth of the suite's time (issue 45).
    // The tests keep no state in modules, so only OWN_REGISTRY stays isolated.
    isolate: false,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["test/**/*.test.ts"], exclude: [E2E, ...OWN_REGISTRY] },
      },
      { extends: true, test: { name: "isolated", include: OWN_REGISTRY, isolate: true } },
      { extends: true, test: { name: "e2e", include: [E2E], testTimeout: 120_000, hookTimeout: 120_000 } },
    ],
  },
});
