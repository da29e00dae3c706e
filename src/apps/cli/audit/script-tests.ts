// A skill's own script tests (docs/bank.md "Script tests"): after a tool operation, every
// `scripts/test_*` of the touched skills runs with its interpreter, in a throwaway copy of the whole
// candidate bank, from the skill's folder, without a shell and under a timeout (spawn-capped.ts).
// Exit 0 passes; anything else fails the bundle. A missing interpreter makes the test "skipped".
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ScriptParse } from "../../../core/audit/audit-input.js";
import type { SkillBank } from "../../../core/bank/skill.js";
import { interpreterFor } from "../../../io/runners/interpreter.js";
import { spawnCapped } from "../../../io/runners/spawn-capped.js";
import type { Containment } from "../../../core/sandbox/containment.js";

export const SCRIPT_TEST_TIMEOUT_MS = 20_000;

export async function runBankScriptTests(
  bank: SkillBank,
  tests: readonly { skill: string; file: string }[],
  containment: Containment,
): Promise<ScriptParse[]> {
  if (tests.length === 0) return [];
  const root = await mkdtemp(join(tmpdir(), "skillops-script-tests-"));
  try {
    for (const f of bank.files) {
      await mkdir(dirname(join(root, f.path)), { recursive: true });
      await writeFile(join(root, f.path), f.bytes, f.executable ? { mode: 0o755 } : {});
    }
    const out: ScriptParse[] = [];
    for (const t of tests) out.push(await runOne(root, bank, t, containment));
    return out;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

async function runOne(
  root: string,
  bank: SkillBank,
  t: { skill: string; file: string },
  containment: Containment,
): Promise<ScriptParse> {
  const found = interpreterFor(t.file);
  if (!found) return { ...t, interpreter: "", status: "skipped", message: "no interpreter for this file" };
  const dir = bank.skills.find((s) => s.name === t.skill)?.dir ?? dirname(dirname(t.file));
  const r = await spawnCapped([...found.run, join(root, t.file)], {
    cwd: join(root, dir),
    timeoutMs: SCRIPT_TEST_TIMEOUT_MS,
    maxOutputBytes: 64 * 1024,
    env: { PYTHONDONTWRITEBYTECODE: "1" },
    contain: containment,
    // A throwaway copy of the candidate bank: the tests may write in it, nowhere else.
    view: { writable: [root], readOnly: [] },
  });
  const base = { ...t, interpreter: found.name };
  if (r.startError)
    return { ...base, status: "skipped", message: `${found.name} is not available (${r.startError})` };
  if (r.timedOut)
    return { ...base, status: "failed", message: `timed out after ${SCRIPT_TEST_TIMEOUT_MS} ms` };
  if (r.exitCode !== 0) {
    const tail = (r.stderrTail.trim() || r.stdout.trim()).split("\n").slice(-3).join(" ");
    return { ...base, status: "failed", message: `exit ${r.exitCode ?? r.signal}: ${tail}` };
  }
  return { ...base, status: "ok" };
}
