// doctor's check of the runner's program: found on PATH, and for a preset its version against the
// range the preset was tested on, read contained as a run is (so it also starts inside the sandbox).
import type { Containment } from "../../core/sandbox/containment.js";
import { locateProgram } from "../../io/sandbox/program-needs.js";
import { DEFAULT_PATH } from "../../io/sandbox/host-layout.js";
import { testedRange, type AgentPreset } from "../../io/runners/agent-preset.js";
import { readAgentVersion } from "../../io/runners/agent-version.js";
import type { DoctorCheck } from "./doctor-check.js";

export interface ProgramTarget {
  runner: string;
  command: readonly string[];
  preset?: AgentPreset | undefined;
}

export async function checkProgram(t: ProgramTarget, c: Containment, cwd: string): Promise<DoctorCheck[]> {
  const check = `${t.runner} program`;
  const shown = JSON.stringify(t.command);
  const found = await locateProgram(t.command[0]!, cwd, c.parentEnv.PATH ?? DEFAULT_PATH);
  const install = t.preset
    ? `install it with \`${t.preset.install}\``
    : "install it, or fix evaluate.agentCommand";
  if (!found)
    return [
      {
        check,
        status: "fail",
        detail: `${t.command[0]} is not on PATH (${shown})`,
        fix: `${install} (docs/agents.md)`,
      },
    ];
  if (!t.preset)
    return [{ check, status: "ok", detail: `${found} (your own agent: its version is not checked)` }];
  const v = await readAgentVersion(t.preset, t.command, c);
  const where = c.sandbox === "bwrap" ? "inside the sandbox" : "unsandboxed";
  if (!v.ok) return [{ check, status: "fail", detail: `${found}: ${v.problem}`, fix: v.fix }];
  const detail = `${found}, version ${v.version}, started ${where} (tested on ${testedRange(t.preset)})`;
  const fix = `it may work; the tested version is ${testedRange(t.preset)} (docs/agents.md, "Versions")`;
  if (v.warning) return [{ check, status: "warn", detail: `${detail}: outside the tested versions`, fix }];
  return [{ check, status: "ok", detail }];
}
