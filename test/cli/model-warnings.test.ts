// `skillops eval` and `skillops evolve` with the reference runner against the OpenAI double, whose
// answers report usage that cannot be right (negative input tokens): the ledger charges an estimate
// and warns, and the warnings are printed on stderr and kept in the eval / run record's `warnings`.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import type { CliIo } from "../../src/apps/cli/context.js";
import { EvalRecord } from "../../src/records/eval-record.js";
import { RunRecord } from "../../src/records/run-record.js";
import { startOpenAIDouble, type OpenAIDouble } from "../support/openai-double.js";

let root: string;
let openai: OpenAIDouble;

beforeAll(async () => {
  openai = await startOpenAIDouble(() => ({
    completion: { content: "ok", usage: { input: -1000, output: 3 } },
  }));
  root = await mkdtemp(join(tmpdir(), "skillops-eval-warnings-"));
  await mkdir(join(root, "bank/helper"), { recursive: true });
  await writeFile(
    join(root, "bank/helper/SKILL.md"),
    "---\nname: helper\ndescription: Answers ok when it should.\n---\nSay ok.\n",
  );
  await mkdir(join(root, ".github"), { recursive: true });
  await writeFile(
    join(root, ".github/skillops.yml"),
    `models:\n  provider: openai\n  baseURL: ${openai.baseURL}\n  maxRetries: 0\n`,
  );
  await mkdir(join(root, "cases/general"), { recursive: true });
  await writeFile(
    join(root, "cases/general/c1.yml"),
    [
      "id: c1",
      "category: general",
      "diagnosis: the agent should answer ok",
      "task:",
      "  prompt: Answer.",
      "  rubric:",
      "    - type: contains",
      "      value: ok",
      "provenance:",
      "  channel: manual",
      '  created: "2026-11-30T00:00:00Z"',
      "",
    ].join("\n"),
  );
});
afterAll(async () => {
  await openai.close();
  await rm(root, { recursive: true, force: true });
});

async function cli(args: string[]) {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    cwd: root,
    isTTY: false,
    env: { OPENAI_API_KEY: "sk-eval" },
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

async function evalJson() {
  const r = await cli([
    "eval",
    "--bank",
    "bank",
    "--cases",
    "cases",
    "--runner",
    "reference",
    "--n",
    "1",
    "--k",
    "1",
    "--json",
  ]);
  return { ...r, record: EvalRecord.parse(JSON.parse(r.stdout)) };
}

it("prints the ledger's warnings on stderr and keeps them in the record", async () => {
  const r = await evalJson();
  expect(r.code).toBe(0);
  expect(r.stderr).toMatch(
    /^warning: \S+ \(agent\) reported no valid usage \(.*input.*\); charged an estimate/m,
  );
  expect(r.record.warnings).toEqual([expect.stringContaining("(agent) reported no valid usage")]);
  expect(r.record.total.rate).toBe(1);
  // Additive: a record from before the field still parses.
  const { warnings: _omitted, ...old } = r.record;
  expect(EvalRecord.parse(old)).toEqual(old);
});

it("evolve prints them too and keeps them in run-record.json", async () => {
  const r = await cli([
    "evolve",
    "--bank",
    "bank",
    "--cases",
    "cases",
    "--out",
    "out",
    "--max-iterations",
    "1",
  ]);
  const record = RunRecord.parse(JSON.parse(await readFile(join(root, "out/run-record.json"), "utf8")));
  expect(record.warnings?.length).toBeGreaterThan(0);
  expect(record.warnings!.every((w) => / reported no valid usage /.test(w))).toBe(true);
  expect(r.stderr).toMatch(/^warning: \S+ \(agent\) reported no valid usage/m);
  const { warnings: _omitted, ...old } = record;
  expect(RunRecord.parse(old)).toEqual(old);
});
