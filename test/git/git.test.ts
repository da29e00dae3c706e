import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BankFile } from "../../src/core/bank/skill.js";
import { commitFiles } from "../../src/io/git/commit-files.js";
import { diffRefs } from "../../src/io/git/diff-refs.js";
import { loadBankFromGit, readTree, readTreeChecked, TreeReadError } from "../../src/io/git/read-tree.js";
import { fetchBranch, GitRemoteError, pushBranch } from "../../src/io/git/remote.js";
import { initBare } from "../../src/io/git/repo.js";
import { startGitServer, type GitServer } from "../support/git-server.js";

const TOKEN = "ghs_test_token_123";
const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const author = { name: "skillops[bot]", email: "bot@example.com" };
const scratch = mkdtempSync(join(tmpdir(), "skillops-git-"));
let n = 0;
const freshGitdir = async () => {
  const gitdir = join(scratch, `repo-${n++}.git`);
  await initBare({ gitdir });
  return gitdir;
};
const gitCli = (args: string[], cwd = scratch) =>
  execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" },
  }).trim();
const skillMd = (name: string, description = "Does things. Use when asked.") =>
  `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n`;
/** The error a promise rejects with (fails the test if it resolves). */
const rejection = (p: Promise<unknown>): Promise<Error> =>
  p.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e as Error,
  );
const asText = (files: BankFile[]) => Object.fromEntries(files.map((f) => [f.path, dec(f.bytes)]));

let server: GitServer;
beforeAll(async () => {
  server = await startGitServer({ token: TOKEN });
  await server.createRepo("acme", {
    "README.md": "# acme\n",
    "src/app.ts": "export {};\n",
    "skill-bank/old-skill/SKILL.md": skillMd("old-skill"),
    "skill-bank/bank.yml": "operatingPoint: null\n",
  });
});
afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("commitFiles / readTree (no working tree)", () => {
  const files: BankFile[] = [
    { path: "alpha/SKILL.md", bytes: enc(skillMd("alpha")) },
    { path: "alpha/scripts/run.sh", bytes: enc("#!/bin/sh\necho hi\n"), executable: true },
    { path: "alpha/references/deep/notes.md", bytes: enc("notes\n") },
    { path: "beta/SKILL.md", bytes: enc(skillMd("beta")) },
    // git orders "beta.md" (file) before "beta/" (folder): the tree must be sorted git's way.
    { path: "beta.md", bytes: enc("stray\n") },
  ];

  it("writes nested trees bottom-up and reads them back exactly; git fsck agrees", async () => {
    const gitdir = await freshGitdir();
    const oid = await commitFiles({
      gitdir,
      parent: null,
      branch: "main",
      prefix: "skill-bank",
      files,
      message: "first",
      author,
      timestamp: 1_780_000_000,
    });
    const back = await readTree({ gitdir, ref: "main", prefix: "skill-bank" });
    expect(back.map((f) => [f.path, dec(f.bytes), Boolean(f.executable)])).toEqual(
      files.map((f) => [f.path, dec(f.bytes), Boolean(f.executable)]).sort(),
    );
    expect(gitCli(["--git-dir", gitdir, "fsck", "--strict", "--no-dangling"])).toBe("");
    expect(gitCli(["--git-dir", gitdir, "ls-tree", "-r", "--name-only", oid]).split("\n")).toEqual(
      files.map((f) => `skill-bank/${f.path}`).sort(),
    );
    expect(gitCli(["--git-dir", gitdir, "ls-tree", oid, "skill-bank/alpha/scripts/run.sh"])).toMatch(
      /^100755 blob/,
    );
  });

  it("an unchanged bank adds only a commit object; one changed file adds its blob and the trees on its path", async () => {
    const gitdir = await freshGitdir();
    const countObjects = () =>
      Number(/^(\d+) objects/.exec(gitCli(["--git-dir", gitdir, "count-objects"]))![1]);
    const first = await commitFiles({
      gitdir,
      parent: null,
      branch: "main",
      prefix: "skill-bank",
      files,
      message: "1",
      author,
      timestamp: 1,
    });
    const before = countObjects();
    const same = await commitFiles({
      gitdir,
      parent: first,
      branch: "main",
      prefix: "skill-bank",
      files,
      message: "2",
      author,
      timestamp: 2,
    });
    expect(countObjects()).toBe(before + 1);
    expect(gitCli(["--git-dir", gitdir, "rev-parse", `${same}^{tree}`])).toBe(
      gitCli(["--git-dir", gitdir, "rev-parse", `${first}^{tree}`]),
    );
    // One changed file: a new blob plus the trees on its path (alpha/scripts, alpha, skill-bank, root) and the commit.
    const edited = files.map((f) =>
      f.path === "alpha/scripts/run.sh" ? { ...f, bytes: enc("#!/bin/sh\necho bye\n") } : f,
    );
    await commitFiles({
      gitdir,
      parent: same,
      branch: "main",
      prefix: "skill-bank",
      files: edited,
      message: "3",
      author,
      timestamp: 3,
    });
    expect(countObjects()).toBe(before + 1 + 6);
    expect(gitCli(["--git-dir", gitdir, "fsck", "--strict", "--no-dangling"])).toBe("");
  });

  it("diffRefs compares the bank at two refs", async () => {
    const gitdir = await freshGitdir();
    const base = await commitFiles({
      gitdir,
      parent: null,
      branch: "main",
      prefix: "skill-bank",
      files,
      message: "1",
      author,
      timestamp: 1,
    });
    const edited = files
      .filter((f) => !f.path.startsWith("beta/"))
      .map((f) =>
        f.path === "alpha/SKILL.md" ? { ...f, bytes: enc(skillMd("alpha", "Sharper. Use when asked.")) } : f,
      );
    const head = await commitFiles({
      gitdir,
      parent: base,
      branch: "cand",
      prefix: "skill-bank",
      files: edited,
      message: "2",
      author,
      timestamp: 2,
    });
    const { diff, diagnostics } = await diffRefs({ gitdir, base, head: "cand", prefix: "skill-bank" });
    expect(head).toMatch(/^[0-9a-f]{40}$/);
    expect(diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual(["beta.md BANK_STRAY_FILE"]);
    expect(diff.skills.map((s) => [s.name, s.status])).toEqual([
      ["alpha", "modified"],
      ["beta", "removed"],
    ]);
    expect(diff.skills[0]!.files[0]!.patch).toContain("+description: Sharper. Use when asked.");
  });

  it("a file can become a folder and back", async () => {
    const gitdir = await freshGitdir();
    const a = await commitFiles({
      gitdir,
      parent: null,
      branch: "main",
      prefix: "",
      files: [{ path: "x/y", bytes: enc("file\n") }],
      message: "1",
      author,
      timestamp: 1,
    });
    const b = await commitFiles({
      gitdir,
      parent: a,
      branch: "main",
      prefix: "",
      files: [{ path: "x/y/z.md", bytes: enc("deep\n") }],
      message: "2",
      author,
      timestamp: 2,
    });
    expect(asText(await readTree({ gitdir, ref: b }))).toEqual({ "x/y/z.md": "deep\n" });
    const c = await commitFiles({
      gitdir,
      parent: b,
      branch: "main",
      prefix: "",
      files: [{ path: "x/y", bytes: enc("file\n") }],
      message: "3",
      author,
      timestamp: 3,
    });
    expect(gitCli(["--git-dir", gitdir, "rev-parse", `${c}^{tree}`])).toBe(
      gitCli(["--git-dir", gitdir, "rev-parse", `${a}^{tree}`]),
    );
  });

  it("is deterministic: the same inputs give the same commit id", async () => {
    const a = await commitFiles({
      gitdir: await freshGitdir(),
      parent: null,
      branch: "x",
      prefix: "",
      files,
      message: "m",
      author,
      timestamp: 1,
    });
    const b = await commitFiles({
      gitdir: await freshGitdir(),
      parent: null,
      branch: "x",
      prefix: "",
      files: [...files].reverse(),
      message: "m",
      author,
      timestamp: 1,
    });
    expect(a).toBe(b);
  });

  it("refuses unsafe paths", async () => {
    const gitdir = await freshGitdir();
    await expect(
      commitFiles({
        gitdir,
        parent: null,
        branch: "x",
        prefix: "",
        files: [{ path: "../evil", bytes: enc("x") }],
        message: "m",
        author,
        timestamp: 1,
      }),
    ).rejects.toThrow(/refusing unsafe paths: "..\/evil" \(path escapes the bank/);
  });
});

describe("over smart HTTP against a real git http-backend", () => {
  it("fetch, commit on top (keeping the rest of the tree), push with a token, fetch back", async () => {
    const gitdir = await freshGitdir();
    const main = await fetchBranch({ gitdir, url: server.url("acme"), branch: "main", token: TOKEN });
    expect(main).toBe(gitCli(["--git-dir", join(server.root, "acme.git"), "rev-parse", "main"]));

    const before = await loadBankFromGit({ gitdir, ref: main, prefix: "skill-bank" });
    expect(before.bank.skills.map((s) => s.name)).toEqual(["old-skill"]);

    const next: BankFile[] = [
      { path: "bank.yml", bytes: enc("operatingPoint: null\n") },
      { path: "new-skill/SKILL.md", bytes: enc(skillMd("new-skill")) },
    ];
    const oid = await commitFiles({
      gitdir,
      parent: main,
      branch: "skillops/frontier/abcd1234",
      prefix: "skill-bank",
      files: next,
      message: "skillops: candidate abcd1234",
      author,
      timestamp: 1_780_000_000,
    });
    await pushBranch({ gitdir, url: server.url("acme"), branch: "skillops/frontier/abcd1234", token: TOKEN });

    const bare = join(server.root, "acme.git");
    expect(gitCli(["--git-dir", bare, "rev-parse", "refs/heads/skillops/frontier/abcd1234"])).toBe(oid);
    expect(gitCli(["--git-dir", bare, "ls-tree", "-r", "--name-only", oid]).split("\n")).toEqual([
      "README.md",
      "skill-bank/bank.yml",
      "skill-bank/new-skill/SKILL.md",
      "src/app.ts",
    ]);
    expect(gitCli(["--git-dir", bare, "rev-parse", `${oid}^`])).toBe(main);

    const other = await freshGitdir();
    const fetched = await fetchBranch({
      gitdir: other,
      url: server.url("acme"),
      branch: "skillops/frontier/abcd1234",
      token: TOKEN,
    });
    expect(fetched).toBe(oid);
    expect(asText(await readTree({ gitdir: other, ref: fetched, prefix: "skill-bank" }))).toEqual(
      asText(next),
    );
    expect(asText(await readTree({ gitdir: other, ref: fetched, prefix: "src" }))).toEqual({
      "app.ts": "export {};\n",
    });
  });

  it("an unauthorised push fails with a message naming the URL and the status, and changes nothing", async () => {
    const gitdir = await freshGitdir();
    const main = await fetchBranch({ gitdir, url: server.url("acme"), branch: "main", token: TOKEN });
    await commitFiles({
      gitdir,
      parent: main,
      branch: "sneaky",
      prefix: "skill-bank",
      files: [],
      message: "m",
      author,
      timestamp: 1,
    });
    const err = await rejection(
      pushBranch({ gitdir, url: server.url("acme"), branch: "sneaky", token: "wrong" }),
    );
    expect(err).toBeInstanceOf(GitRemoteError);
    expect((err as GitRemoteError).status).toBe(401);
    expect((err as Error).message).toBe(
      `push of sneaky to ${server.url("acme")} failed: HTTP 401 Unauthorized: the token was refused (is it valid and unexpired?)`,
    );
    expect(() =>
      gitCli([
        "--git-dir",
        join(server.root, "acme.git"),
        "rev-parse",
        "--verify",
        "-q",
        "refs/heads/sneaky",
      ]),
    ).toThrow();
  });

  it("an unauthorised fetch fails clearly; a missing repository says so", async () => {
    const gitdir = await freshGitdir();
    await expect(
      fetchBranch({ gitdir, url: server.url("acme"), branch: "main", token: "nope" }),
    ).rejects.toThrow(`fetch of main from ${server.url("acme")} failed: HTTP 401 Unauthorized`);
    await expect(
      fetchBranch({ gitdir, url: server.url("ghost"), branch: "main", token: TOKEN }),
    ).rejects.toThrow(/ghost\.git failed: HTTP 404/);
  });

  it("refuses credentials inside the URL (they would be stored and printed)", async () => {
    const gitdir = await freshGitdir();
    const url = server.url("acme").replace("http://", `http://x:${TOKEN}@`);
    const err = await rejection(fetchBranch({ gitdir, url, branch: "main", token: TOKEN }));
    expect(err.message).toBe(`${server.url("acme")}: pass the token as 'token', not inside the URL`);
    expect(err.message).not.toContain(TOKEN);
  });

  it("a non-fast-forward push is rejected unless forced", async () => {
    await server.createRepo("nff", { "skill-bank/a/SKILL.md": skillMd("a") });
    const gitdir = await freshGitdir();
    const main = await fetchBranch({ gitdir, url: server.url("nff"), branch: "main", token: TOKEN });
    await commitFiles({
      gitdir,
      parent: main,
      branch: "main",
      prefix: "skill-bank",
      files: [{ path: "a/SKILL.md", bytes: enc(skillMd("a", "v2")) }],
      message: "v2",
      author,
      timestamp: 2,
    });
    await pushBranch({ gitdir, url: server.url("nff"), branch: "main", token: TOKEN });
    // A sibling commit on the old parent is not a fast-forward.
    await commitFiles({
      gitdir,
      parent: main,
      branch: "main",
      prefix: "skill-bank",
      files: [{ path: "a/SKILL.md", bytes: enc(skillMd("a", "v3")) }],
      message: "v3",
      author,
      timestamp: 3,
    });
    const err = await rejection(pushBranch({ gitdir, url: server.url("nff"), branch: "main", token: TOKEN }));
    expect(err.message).toBe(
      `push of main to ${server.url("nff")} failed: Push rejected because it was not a simple fast-forward. Use "force: true" to override.`,
    );
    const v3 = await pushBranch({
      gitdir,
      url: server.url("nff"),
      branch: "main",
      token: TOKEN,
      force: true,
    }).then(() => gitCli(["--git-dir", gitdir, "rev-parse", "main"]));
    expect(gitCli(["--git-dir", join(server.root, "nff.git"), "rev-parse", "main"])).toBe(v3);
  });
});

describe("readTreeChecked reports what it will not load", () => {
  it("symlinks, non-UTF-8 text and over-size blobs", async () => {
    const work = mkdtempSync(join(scratch, "work-"));
    gitCli(["init", "-q", "--initial-branch=main"], work);
    writeFileSync(join(work, "ok.md"), "fine\n");
    writeFileSync(join(work, "latin1.md"), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    writeFileSync(join(work, "big.bin"), Buffer.alloc(2048, 1));
    symlinkSync("/etc/passwd", join(work, "link.md"));
    gitCli(["add", "-A"], work);
    gitCli(["-c", "user.name=t", "-c", "user.email=t@e", "commit", "-q", "-m", "x"], work);
    const gitdir = join(work, ".git");
    const r = await readTreeChecked({ gitdir, ref: "main", maxFileBytes: 1024 });
    expect(r.files.map((f) => f.path)).toEqual(["ok.md"]);
    expect(r.diagnostics.map((d) => [d.file, d.code])).toEqual([
      ["big.bin", "GIT_FILE_TOO_LARGE"],
      ["latin1.md", "GIT_NOT_UTF8"],
      ["link.md", "GIT_SYMLINK"],
    ]);
    await expect(readTree({ gitdir, ref: "main", maxFileBytes: 1024 })).rejects.toBeInstanceOf(TreeReadError);
  });
});
