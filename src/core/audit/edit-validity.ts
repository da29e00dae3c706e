// SkillNEO-style edit validation: a changed SKILL.md's links and file references resolve inside the
// bank, its scripts parse, `metadata.refs` and `metadata.policy` resolve, and the bank is strict-valid.
import { unresolvedPolicyLinks } from "../bank/policy-links.js";
import { loadBank } from "../bank/bank.js";
import { splitList, skillFile } from "../bank/validate.js";
import type { Skill } from "../bank/skill.js";
import type { AuditInput } from "./audit-input.js";
import type { RawFinding } from "./finding.js";

const LINK = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
/** A path in backticks that names a skill file: `scripts/x.py`, `references/policy.md`. */
const FILE_REF = /`((?:\.\/)?(?:scripts|references|assets)\/[^`\s]+)`/g;

function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#") || target.startsWith("/");
}

/** Resolve `target` against the skill folder; undefined when it climbs out of the bank. */
function resolveInBank(dir: string, target: string): string | undefined {
  const parts = dir.split("/");
  for (const seg of target.split("#")[0]!.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join("/");
}

function changedSkills(input: AuditInput): Skill[] {
  return input.candidate.skills.filter(
    (s) => input.base.skills.find((b) => b.name === s.name)?.source !== s.source,
  );
}

function checkLinks(input: AuditInput, skill: Skill): RawFinding[] {
  const paths = new Set(input.candidate.files.map((f) => f.path));
  const out: RawFinding[] = [];
  skill.source.split("\n").forEach((text, i) => {
    const targets = [...text.matchAll(LINK), ...text.matchAll(FILE_REF)].map((m) => m[1] ?? "");
    for (const target of targets.filter((t) => t !== "" && !isExternal(t))) {
      const resolved = resolveInBank(skill.dir, target);
      if (resolved !== undefined && paths.has(resolved)) continue;
      const isDir = resolved !== undefined && [...paths].some((p) => p.startsWith(`${resolved}/`));
      if (isDir) continue;
      out.push({
        check: "editValidity",
        severity: "error",
        skill: skill.name,
        file: skillFile(skill),
        line: i + 1,
        evidence: `reference "${target}" ${resolved === undefined ? "leaves the bank" : `names ${resolved}, which the bank does not hold`}`,
      });
    }
  });
  return out;
}

function checkMetadata(input: AuditInput, skill: Skill): RawFinding[] {
  const out: RawFinding[] = [];
  const lineOf = (key: string) =>
    skill.source.split("\n").findIndex((l) => l.trimStart().startsWith(`${key}:`)) + 1;
  const report = (key: string, evidence: string) =>
    out.push({
      check: "editValidity",
      severity: "error",
      skill: skill.name,
      file: skillFile(skill),
      line: lineOf(key),
      evidence,
    });
  const names = new Set(input.candidate.skills.map((s) => s.name));
  for (const ref of splitList(skill.frontmatter.metadata?.refs))
    if (!names.has(ref)) report("refs", `metadata.refs names "${ref}", which is not a skill of the bank`);
  for (const { anchor, path } of unresolvedPolicyLinks(skill, input.policies))
    report("policy", `metadata.policy anchor "#${anchor}" matches no heading of ${path}`);
  return out;
}

function checkScripts(input: AuditInput): RawFinding[] {
  return input.scripts
    .filter((s) => s.status !== "ok")
    .map((s) => ({
      check: "editValidity" as const,
      severity: s.status === "failed" ? ("error" as const) : ("warning" as const),
      skill: s.skill,
      file: s.file,
      line: 0,
      evidence:
        s.status === "failed"
          ? `script does not parse (${s.interpreter}): ${s.message ?? ""}`.trim()
          : `parse check skipped: ${s.message ?? `${s.interpreter} not found`}`,
    }));
}

function checkStrict(input: AuditInput): RawFinding[] {
  const dirs = input.candidate.skills.map((s) => ({ dir: s.dir, name: s.name }));
  return loadBank(input.candidate.files, { mode: "strict" })
    .diagnostics.filter((d) => d.severity === "error")
    .map((d) => ({
      check: "editValidity" as const,
      severity: "error" as const,
      skill: dirs.find((s) => d.file.startsWith(`${s.dir}/`))?.name ?? "",
      file: d.file,
      line: d.line,
      evidence: `fails --strict validation: ${d.code} ${d.message}`,
    }));
}

export function checkEditValidity(input: AuditInput): RawFinding[] {
  const changed = changedSkills(input);
  return [
    ...changed.flatMap((s) => [...checkLinks(input, s), ...checkMetadata(input, s)]),
    ...checkScripts(input),
    ...checkStrict(input),
  ];
}
