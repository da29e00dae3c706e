// Check 8 (SkillEvolver Table 3), silent bypass: a skill the candidate changed that none of its own
// evaluation runs loaded, while cases its edit was meant for got fixed. An edit nobody read cannot
// be why those cases pass. Error when no changed skill was loaded at all (nothing the candidate
// changed can explain the gain); a warning when another changed skill was loaded (it may).
import { skillFile } from "../bank/validate.js";
import type { AuditInput } from "./audit-input.js";
import type { RawFinding } from "./finding.js";

export function checkSilentBypass(input: AuditInput): RawFinding[] {
  const t = input.traces;
  if (!t || t.runs.length === 0) return [];
  const loaded = new Set(t.runs.flatMap((r) => r.skillsLoaded));
  // Runs that report no load at all come from a runner that does not trace loads (a command agent
  // that emits no skill-loaded events): silence there is not evidence of a bypass.
  if (loaded.size === 0) return [];
  const anyLoaded = t.changed.some((s) => loaded.has(s));
  const out: RawFinding[] = [];
  for (const name of t.changed) {
    if (loaded.has(name)) continue;
    const meant = t.motivatedBy?.[name];
    const fixed = meant ? t.fixed.filter((id) => meant.includes(id)) : [...t.fixed];
    if (fixed.length === 0) continue;
    const skill = input.candidate.skills.find((s) => s.name === name);
    const others = t.changed.filter((s) => s !== name && loaded.has(s));
    const shown = fixed.slice(0, 3).join(", ") + (fixed.length > 3 ? `, and ${fixed.length - 3} more` : "");
    out.push({
      check: "silentBypass",
      severity: anyLoaded ? "warning" : "error",
      skill: name,
      file: skill ? skillFile(skill) : name,
      line: 0,
      evidence:
        `changed skill loaded in none of the candidate's ${t.runs.length} runs, yet it fixed ${fixed.length} case(s) the edit was for (${shown})` +
        (others.length ? `; the gain may come from ${others.join(", ")}, which runs did load` : ""),
    });
  }
  return out;
}
