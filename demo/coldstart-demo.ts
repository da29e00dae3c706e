// `npm run demo:coldstart`: `skillops coldstart --cases` on the in-repo policy
// (examples/policy/airline.md) through the simulated endpoint, into a temporary folder; prints what
// it wrote, validates it, and compares the bank with the hand-written skill-bank/. Offline, and
// every figure is simulated.
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { backLinksOf } from "../src/core/coldstart/coverage.js";
import { readPolicyDocument } from "../src/core/coldstart/policy-document.js";
import type { CliIo } from "../src/apps/cli/context.js";
import { processIo } from "../src/apps/cli/context.js";
import { main } from "../src/apps/cli/main.js";
import { loadBankFromFolder } from "../src/io/fsio/load-bank.js";
import { compareBanks, type BankComparison } from "./coldstart-compare.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const POLICY = "policy/airline.md";

async function skillsOf(dir: string) {
  const { bank } = await loadBankFromFolder(dir);
  return bank.skills.map((s) => ({ name: s.name, policy: backLinksOf(s.frontmatter.metadata?.policy) }));
}

async function listFiles(root: string, under = ""): Promise<string[]> {
  const entries = await readdir(join(root, under), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? listFiles(root, join(under, e.name)) : [join(under, e.name)])),
  );
  return nested.flat().sort();
}

function printComparison(io: CliIo, c: BankComparison): void {
  io.stdout(`\nAgainst the hand-written skill-bank/ (matched by back-linked heading; simulated model):\n`);
  for (const m of c.matches)
    io.stdout(`  ${m.generated} (#${m.headings.join(", #")}) ↔ ${m.handWritten.join(", ") || "—"}\n`);
  io.stdout(`  hand-written with no generated counterpart: ${c.unmatched.join(", ") || "none"}\n`);
  io.stdout(
    `  ${c.clauses} clauses; uncovered by the generated bank: ${c.uncoveredGenerated.join(", ") || "none"}; by the hand-written bank: ${c.uncoveredHandWritten.join(", ") || "none"}\n`,
  );
}

/** Runs the demo in a fresh temporary folder; returns the exit code and the comparison. */
export async function runColdstartDemo(io: CliIo): Promise<{ code: number; comparison?: BankComparison }> {
  const dir = await mkdtemp(join(tmpdir(), "skillops-demo-coldstart-"));
  try {
    await mkdir(join(dir, "policy"));
    await copyFile(join(ROOT, "examples/policy/airline.md"), join(dir, POLICY));
    const at = { ...io, cwd: dir };
    io.stdout(`$ skillops coldstart --policy ${POLICY} --out bank --cases cases   (in ${dir})\n`);
    const code = await main(["coldstart", "--policy", POLICY, "--out", "bank", "--cases", "cases"], at);
    if (code !== 0) return { code };
    for (const sub of ["bank", "cases"])
      io.stdout(`\n${sub}/\n${(await listFiles(join(dir, sub))).map((f) => `  ${f}\n`).join("")}`);
    for (const f of await listFiles(join(dir, "cases")))
      io.stdout(`\ncases/${f}:\n${await readFile(join(dir, "cases", f), "utf8")}`);
    io.stdout(`\n$ skillops validate bank --strict\n`);
    const valid = await main(["validate", "bank", "--strict"], at);
    if (valid !== 0) return { code: valid };
    const doc = readPolicyDocument(POLICY, await readFile(join(dir, POLICY)));
    const comparison = compareBanks(
      doc,
      await skillsOf(join(dir, "bank")),
      await skillsOf(join(ROOT, "skill-bank")),
    );
    printComparison(io, comparison);
    return { code: 0, comparison };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = (await runColdstartDemo(processIo())).code;
}
