// Skill-bank store costs for synthetic banks of 100 and 1,000 skills (3 files each), naive vs
// improved side by side:
//   read a bank at a ref:   naive = isomorphic-git checkout into a working tree + readFolder
//                           improved = readTree straight from the object store (no working tree)
//   commit one changed skill: naive = checkout + write the file + git.add + git.commit (index)
//                           improved = commitFiles (new blobs and the trees on the changed path)
// plus loadBank (parse + validate every skill) and hashBank.
// Usage: node_modules/.bin/node node_modules/.bin/tsx bench/bank.ts [--sizes 100,1000] [--repeat 3]
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as git from "isomorphic-git";
import { loadBank } from "../src/core/bank/bank.js";
import { hashBank } from "../src/core/bank/hash.js";
import type { BankFile } from "../src/core/bank/skill.js";
import { readFolder } from "../src/io/fsio/read-folder.js";
import { commitFiles } from "../src/io/git/commit-files.js";
import { readTree } from "../src/io/git/read-tree.js";
import { initBare } from "../src/io/git/repo.js";

const enc = (s: string) => new TextEncoder().encode(s);
const author = { name: "bench", email: "bench@example.com" };

function syntheticBank(n: number): BankFile[] {
  const files: BankFile[] = [];
  for (let i = 0; i < n; i++) {
    const name = `skill-${String(i).padStart(4, "0")}`;
    const refs = i > 0 ? `\n  refs: skill-${String(i - 1).padStart(4, "0")}` : "";
    files.push({
      path: `${name}/SKILL.md`,
      bytes: enc(
        `---\nname: ${name}\ndescription: Handles case ${i}. Use when the user asks about topic ${i}.\nmetadata:\n  tags: t${i % 7}, t${i % 11}${refs}\n  version: "1"\n---\n# ${name}\n\n${"Step. ".repeat(80)}\n`,
      ),
    });
    files.push({ path: `${name}/scripts/run.py`, bytes: enc(`print(${i})\n`), executable: true });
    files.push({
      path: `${name}/references/notes.md`,
      bytes: enc(`# notes ${i}\n${"detail ".repeat(60)}\n`),
    });
  }
  return files;
}

async function time<T>(fn: () => Promise<T> | T): Promise<[T, number]> {
  const t0 = performance.now();
  const out = await fn();
  return [out, performance.now() - t0];
}

interface Sample {
  load: number;
  hash: number;
  readNaive: number;
  readImproved: number;
  commitNaive: number;
  commitImproved: number;
}

async function once(files: BankFile[], dir: string): Promise<Sample> {
  const [loaded, load] = await time(() => loadBank(files, { mode: "strict" }));
  if (loaded.diagnostics.length > 0)
    throw new Error(`synthetic bank is invalid: ${loaded.diagnostics[0]?.message}`);
  const [, hash] = await time(() => hashBank(files));
  const gitdir = join(dir, "repo.git");
  await initBare({ gitdir });
  const base = await commitFiles({
    gitdir,
    parent: null,
    branch: "main",
    prefix: "skill-bank",
    files,
    message: "base",
    author,
    timestamp: 1,
  });

  // Read the bank at a ref.
  const [, readImproved] = await time(() => readTree({ gitdir, ref: base, prefix: "skill-bank" }));
  const work = join(dir, "work");
  const [, readNaive] = await time(async () => {
    await mkdir(work, { recursive: true });
    await git.checkout({ fs, dir: work, gitdir, ref: "main", force: true });
    return readFolder(join(work, "skill-bank"));
  });

  // Commit one changed skill.
  const target = "skill-0000/SKILL.md";
  const changed = files.map((f) =>
    f.path === target ? { ...f, bytes: enc(`${new TextDecoder().decode(f.bytes)}\nOne more step.\n`) } : f,
  );
  const [, commitImproved] = await time(() =>
    commitFiles({
      gitdir,
      parent: base,
      branch: "candidate",
      prefix: "skill-bank",
      files: changed,
      message: "edit",
      author,
      timestamp: 2,
    }),
  );
  const [, commitNaive] = await time(async () => {
    await writeFile(join(work, "skill-bank", target), changed.find((f) => f.path === target)!.bytes);
    await git.add({ fs, dir: work, gitdir, filepath: "skill-bank" });
    return git.commit({
      fs,
      dir: work,
      gitdir,
      message: "edit",
      author: { ...author, timestamp: 2, timezoneOffset: 0 },
    });
  });
  return { load, hash, readNaive, readImproved, commitNaive, commitImproved };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function run(n: number, repeat: number): Promise<Record<string, string>> {
  const files = syntheticBank(n);
  const samples: Sample[] = [];
  for (let r = 0; r < repeat; r++) {
    const dir = await mkdtemp(join(tmpdir(), "skillops-bench-bank-"));
    try {
      samples.push(await once(files, dir));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const m = (k: keyof Sample, digits = 0) => median(samples.map((s) => s[k])).toFixed(digits);
  return {
    skills: String(n),
    files: String(files.length),
    "loadBank ms": m("load"),
    "hashBank ms": m("hash", 1),
    "read naive ms": m("readNaive"),
    "read improved ms": m("readImproved"),
    "commit naive ms": m("commitNaive"),
    "commit improved ms": m("commitImproved"),
  };
}

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const sizes = option("sizes", "100,1000").split(",").map(Number);
const repeat = Number(option("repeat", "3"));
const rows: Record<string, string>[] = [];
for (const n of sizes) rows.push(await run(n, repeat));
const cols = Object.keys(rows[0] ?? {});
console.log(
  `skill-bank store, synthetic banks (3 files per skill), median of ${repeat} runs, Node ${process.version}`,
);
console.log(cols.map((c) => c.padStart(Math.max(c.length, 6))).join("  "));
for (const r of rows) console.log(cols.map((c) => (r[c] ?? "").padStart(Math.max(c.length, 6))).join("  "));
