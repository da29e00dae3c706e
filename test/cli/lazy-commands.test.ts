// Start-up loads commander and the command declarations only: `--help` and `validate` never load
// probot, openai, octokit or isomorphic-git (each command's action imports its own work module).
// Each heavy package is mocked by its real self plus a note that it was loaded, and a command that
// needs probot shows the note works. bench/startup.ts measures what this saves.
import { describe, expect, it, vi } from "vitest";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "./run-cli.js";

const loaded = vi.hoisted(() => new Set<string>());
vi.mock("probot", async (original) => (loaded.add("probot"), original()));
vi.mock("openai", async (original) => (loaded.add("openai"), original()));
vi.mock("@octokit/rest", async (original) => (loaded.add("@octokit/rest"), original()));
vi.mock("isomorphic-git", async (original) => (loaded.add("isomorphic-git"), original()));

describe("lazy command loading", () => {
  it("--help and validate load none of probot, openai, octokit, isomorphic-git", async () => {
    const help = await runCli(["--help"], REPO_ROOT);
    expect(help.code).toBe(0);
    for (const command of ["validate", "evolve", "ingest", "app-event", "coldstart", "nogoods"])
      expect(help.stdout).toContain(`  ${command}`);
    const validate = await runCli(["validate", "skill-bank"], REPO_ROOT);
    expect(validate).toMatchObject({ code: 0, stderr: "" });
    expect([...loaded]).toEqual([]);
  });

  it("a command's own help loads nothing heavy either", async () => {
    const r = await runCli(["evolve", "--help"], REPO_ROOT);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("--max-iterations <t>");
    expect([...loaded]).toEqual([]);
  });

  it("the command that needs probot loads it when it runs", async () => {
    const r = await runCli(["app-event"], REPO_ROOT);
    expect(r.code).toBe(2);
    expect(loaded.has("probot")).toBe(true);
  });
});
