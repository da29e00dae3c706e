import { defineConfig } from "vitest/config";

// The end-to-end tests drive whole flows (app, git, evolve runs) and share two cores with the rest
// of the suite: their budget is 120 s a test and a hook, so a loaded machine does not fail them.
const E2E = "test/e2e/**/*.test.ts";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // @actions/workflow-parser imports its JSON schema without an import attribute (it expects a
    // bundler), so vitest transforms it instead of handing it to Node.
    server: { deps: { inline: ["@actions/workflow-parser"] } },
    projects: [
      { extends: true, test: { name: "unit", include: ["test/**/*.test.ts"], exclude: [E2E] } },
      { extends: true, test: { name: "e2e", include: [E2E], testTimeout: 120_000, hookTimeout: 120_000 } },
    ],
  },
});
