// An agent preset's program asked for its version, contained as a run is (so it also shows that the
// program starts inside the sandbox): a missing binary, a failed or unreadable answer and a version
// known not to work are problems with their fix; a version outside the range the preset was tested
// on is a warning (docs/agents.md, "Versions"). agent-runner.ts refuses on a problem; doctor prints it.
import type { Containment } from "../../core/sandbox/containment.js";
import { SystemicError } from "../../core/llm/model.js";
import { describeFailure, spawnCapped } from "./spawn-capped.js";
import { withTempDir } from "./skills-dir.js";
import { withShipped } from "./shipped-agent.js";
import { outsideTested, parseVersion, testedRange, versionBelow, type AgentPreset } from "./agent-preset.js";

export type AgentVersion =
  { ok: true; version: string; warning?: string } | { ok: false; problem: string; fix: string };

const LIMITS = { timeoutMs: 30_000, maxOutputBytes: 64 * 1024 };

/** `<command> --version`, contained. */
export async function readAgentVersion(
  p: AgentPreset,
  command: readonly string[],
  containment: Containment,
): Promise<AgentVersion> {
  const r = await withTempDir("skillops-agent-version-", async (dir) => {
    const { argv, readOnly } = await withShipped(p, command, dir);
    return spawnCapped([...argv, ...p.versionArgs], {
      ...LIMITS,
      contain: containment,
      view: { writable: [], readOnly },
    });
  });
  const shown = JSON.stringify(command);
  const docs = "(docs/agents.md)";
  if (r.startError)
    return {
      ok: false,
      problem: `cannot start ${shown}: ${r.startError}`,
      fix: `install it with \`${p.install}\` ${docs}`,
    };
  const failure = describeFailure(`${p.name} --version`, r, LIMITS);
  const tail = r.stderrTail.slice(-1000).trim() || "(empty)";
  if (failure)
    return {
      ok: false,
      problem: `${shown} ${p.versionArgs.join(" ")} failed: ${failure}`,
      fix: `run it by hand; a program installed under /tmp or HOME must be named by its real path ${docs}`,
    };
  const line = r.stdout.trim().split("\n")[0] ?? "";
  const v = parseVersion(line);
  if (!v)
    return {
      ok: false,
      problem: `${shown} printed no version (${JSON.stringify(line.slice(0, 200))}); stderr tail: ${tail}`,
      fix: `check that ${shown} is the ${p.name} program, or install it with \`${p.install}\``,
    };
  const version = v.join(".");
  if (versionBelow(v, p.minVersion))
    return {
      ok: false,
      problem: `version ${version} is not supported; the preset needs ${p.minVersion.join(".")} or later`,
      fix: `upgrade it (\`${p.install}\`); tested on ${testedRange(p)} ${docs}`,
    };
  if (!outsideTested(v, p)) return { ok: true, version };
  const warning = `${p.name}: version ${version} is outside the versions this preset was tested on (${testedRange(p)}); it may work, but check its runs ${docs}`;
  return { ok: true, version, warning };
}

/** The version, after any warning is given to `warn`; a problem stops the evaluation (a config error). */
export async function checkAgentVersion(
  p: AgentPreset,
  command: readonly string[],
  containment: Containment,
  warn: (line: string) => void,
): Promise<string> {
  const v = await readAgentVersion(p, command, containment);
  if (!v.ok) throw new SystemicError(`${p.name}: ${v.problem}; ${v.fix}`, "config");
  if (v.warning) warn(v.warning);
  return v.version;
}
