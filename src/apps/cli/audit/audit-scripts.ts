// Parse the candidate's changed scripts with their own interpreters, each spawned without a shell
// under a timeout (spawn-capped.ts). A missing interpreter makes the check "skipped", never "ok".
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ScriptParse } from "../../../core/audit/audit-input.js";
import type { SkillBank } from "../../../core/bank/skill.js";
import { interpreterFor } from "../../../io/runners/interpreter.js";
import { spawnCapped } from "../../../io/runners/spawn-capped.js";
import type { Containment } from "../../../core/sandbox/containment.js";

const PARSE_TIMEOUT_MS = 10_000;

export async function parseScripts(
  bankRoot: string,
  scripts: readonly { skill: string; file: string }[],
  containment: Containment,
): Promise<ScriptParse[]> {
  const out: ScriptParse[] = [];
  // py_compile writes a .pyc; send it to a throwaway folder so the audited bank stays untouched.
  const pycache = await mkdtemp(join(tmpdir(), "skillops-audit-"));
  const env = { PYTHONPYCACHEPREFIX: pycache };
  for (const s of scripts) {
    const found = interpreterFor(s.file);
    if (!found) continue;
    const interpreter = found.name;
    const argv = [...found.parse, join(bankRoot, s.file)];
    const r = await spawnCapped(argv, {
      timeoutMs: PARSE_TIMEOUT_MS,
      maxOutputBytes: 64 * 1024,
      env,
      contain: containment,
      view: { writable: [pycache], readOnly: [bankRoot] },
    });
    if (r.startError)
      out.push({
        ...s,
        interpreter,
        status: "skipped",
        message: `${interpreter} is not available (${r.startError})`,
      });
    else if (r.timedOut)
      out.push({ ...s, interpreter, status: "failed", message: `timed out after ${PARSE_TIMEOUT_MS} ms` });
    else if (r.exitCode !== 0)
      out.push({
        ...s,
        interpreter,
        status: "failed",
        message: r.stderrTail.trim().split("\n").slice(-3).join(" "),
      });
    else out.push({ ...s, interpreter, status: "ok" });
  }
  await rm(pycache, { recursive: true, force: true });
  return out;
}

/**
 * The audit's script checker inside `evolve` (EvolveDeps.checkScripts): a child bank lives in
 * memory, so its scripts are written to a throwaway folder and parsed there.
 */
export async function parseBankScripts(
  bank: SkillBank,
  scripts: readonly { skill: string; file: string }[],
  containment: Containment,
): Promise<ScriptParse[]> {
  if (scripts.length === 0) return [];
  const root = await mkdtemp(join(tmpdir(), "skillops-audit-bank-"));
  try {
    for (const s of scripts) {
      const bytes = bank.files.find((f) => f.path === s.file)?.bytes;
      if (!bytes) continue;
      await mkdir(dirname(join(root, s.file)), { recursive: true });
      await writeFile(join(root, s.file), bytes);
    }
    return await parseScripts(root, scripts, containment);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
