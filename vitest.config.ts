import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // @actions/workflow-parser imports its JSON schema without an import attribute (it expects a
    // bundler), so vitest transforms it instead of handing it to Node.
    server: { deps: { inline: ["@actions/workflow-parser"] } },
  },
});
