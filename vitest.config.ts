import { defineConfig } from "vitest/config";

// The end-to-end tests drive whole flows (app, git, evolve runs) and share two cores with the rest
// of the suite: their budget is 120 s a test and a hook, so a loaded machine does not fail them.
const E2E = "test/e2e/**/*.test.ts";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One test file per core. Vitest's default for `run` is one fewer, which on a 2-core machine runs
    // every file one after another; most files wait on git, servers and child processes, so two at
    // once take about a third less time there (README.md gives the figures).
    maxWorkers: "100%",
    // @actions/workflow-parser imports its JSON schema without an import attribute (it expects a
    // bundler), so vitest transforms it instead of handing it to Node.
    server: { deps: { inline: ["@actions/workflow-parser"] } },
    projects: [
      { extends: true, test: { name: "unit", include: ["test/**/*.test.ts"], exclude: [E2E] } },
      { extends: true, test: { name: "e2e", include: [E2E], testTimeout: 120_000, hookTimeout: 120_000 } },
    ],
  },
});
