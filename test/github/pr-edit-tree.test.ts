// The git side of frontier PRs and rollbacks, on a real bare repository: file-level commits
// (write, overwrite, delete, executable bit) and a working-tree-free revert with conflict refusal.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { changedPaths, commitChanges, commitInfo, revertCommit } from "../../src/io/git/edit-tree.js";
import { readTree } from "../../src/io/git/read-tree.js";
import { fs, git, initBare } from "../../src/io/git/repo.js";

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const who = { name: "skillops[bot]", email: "skillops[bot]@users.noreply.github.com" };
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

async function repo(): Promise<{ gitdir: string; root: string }> {
  const gitdir = mkdtempSync(join(tmpdir(), "skillops-edit-tree-"));
  dirs.push(gitdir);
  await initBare({ gitdir });
  // An empty first commit to build on (commitChanges always has a parent).
  const tree = await git.writeTree({ fs, gitdir, tree: [] });
  const root = await git.writeCommit({
    fs,
    gitdir,
    commit: {
      tree,
      parent: [],
      author: { ...who, timestamp: 1, timezoneOffset: 0 },
      committer: { ...who, timestamp: 1, timezoneOffset: 0 },
      message: "root\n",
    },
  });
  return { gitdir, root };
}

const files = async (gitdir: string, ref: string) =>
  Object.fromEntries(
    (await readTree({ gitdir, ref })).map((f) => [f.path, `${f.executable ? "x:" : ""}${dec(f.bytes)}`]),
  );

describe("commitChanges", () => {
  it("writes, overwrites and deletes single paths, leaving everything else and pruning empty folders", async () => {
    const { gitdir, root } = await repo();
    const a = await commitChanges({
      gitdir,
      parent: root,
      branch: "main",
      message: "a",
      author: who,
      timestamp: 10,
      writes: [
        { path: "skill-bank/tone/SKILL.md", bytes: enc("tone v1") },
        { path: "skill-bank/tone/scripts/run.sh", bytes: enc("echo hi"), executable: true },
        { path: "regression-pool/general/c1.yml", bytes: enc("id: c1") },
        { path: "README.md", bytes: enc("readme") },
      ],
    });
    const b = await commitChanges({
      gitdir,
      parent: a,
      branch: "skillops/frontier/abcd1234",
      message: "b",
      author: who,
      timestamp: 20,
      writes: [
        { path: "skill-bank/tone/SKILL.md", bytes: enc("tone v2") },
        { path: "skill-bank/tone/scripts/run.sh", bytes: null },
        { path: "regression-pool/general/c2.yml", bytes: enc("id: c2") },
      ],
    });
    expect(await files(gitdir, b)).toEqual({
      "README.md": "readme",
      "regression-pool/general/c1.yml": "id: c1",
      "regression-pool/general/c2.yml": "id: c2",
      "skill-bank/tone/SKILL.md": "tone v2",
    });
    expect((await commitInfo(gitdir, "skillops/frontier/abcd1234")).parents).toEqual([a]);
    expect((await changedPaths(gitdir, a, b)).map((c) => c.path)).toEqual([
      "regression-pool/general/c2.yml",
      "skill-bank/tone/SKILL.md",
      "skill-bank/tone/scripts/run.sh",
    ]);
  });

  it("refuses unsafe paths before writing anything", async () => {
    const { gitdir, root } = await repo();
    await expect(
      commitChanges({
        gitdir,
        parent: root,
        branch: "x",
        message: "m",
        author: who,
        timestamp: 1,
        writes: [{ path: "../escape", bytes: enc("") }],
      }),
    ).rejects.toThrow(/refusing unsafe paths: "\.\.\/escape"/);
  });
});

describe("revertCommit", () => {
  it("undoes a commit on top of a later head, and refuses when a path changed again since", async () => {
    const { gitdir, root } = await repo();
    const base = await commitChanges({
      gitdir,
      parent: root,
      branch: "main",
      message: "base",
      author: who,
      timestamp: 1,
      writes: [
        { path: "bank.yml", bytes: enc("candidate: null") },
        { path: "notes.md", bytes: enc("n1") },
      ],
    });
    const deploy = await commitChanges({
      gitdir,
      parent: base,
      branch: "main",
      message: "deploy",
      author: who,
      timestamp: 2,
      writes: [
        { path: "bank.yml", bytes: enc("candidate: abc") },
        { path: "pool/c1.yml", bytes: enc("c1") },
      ],
    });
    const later = await commitChanges({
      gitdir,
      parent: deploy,
      branch: "main",
      message: "notes",
      author: who,
      timestamp: 3,
      writes: [{ path: "notes.md", bytes: enc("n2") }],
    });
    const revert = await revertCommit({
      gitdir,
      commit: deploy,
      onto: later,
      branch: "revert-1-x",
      message: "Revert",
      author: who,
      timestamp: 4,
    });
    expect(await files(gitdir, revert)).toEqual({ "bank.yml": "candidate: null", "notes.md": "n2" });
    const edited = await commitChanges({
      gitdir,
      parent: later,
      branch: "main",
      message: "edit",
      author: who,
      timestamp: 5,
      writes: [{ path: "bank.yml", bytes: enc("candidate: abc # edited") }],
    });
    await expect(
      revertCommit({
        gitdir,
        commit: deploy,
        onto: edited,
        branch: "revert-2-x",
        message: "Revert",
        author: who,
        timestamp: 6,
      }),
    ).rejects.toThrow(/changed again since: bank.yml$/);
  });
});
