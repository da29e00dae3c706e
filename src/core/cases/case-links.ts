// Case–skill links (FRAMES §3.4, §A.9.2): the association anchor retrieval and the targeted sampling
// layer read. A case whose feedback named no skill gets links derived from what the run saw: the
// diagnosers' targets for it, the skills its runs loaded, and, once resolved, the skills the member
// that fixed it changed. Each link records its sources in `skillsFrom` (docs/case-format.md "Skill links").
import type { Case, SkillLinkSource } from "../../records/case.js";
import type { CaseLinkEvidence } from "../../records/case-link-evidence.js";
import type { FrontierMember, RunRecord } from "../../records/run-record.js";
import { compare } from "./pool.js";

export interface LinkEvidence {
  diagnosis?: readonly string[];
  trace?: readonly string[];
  /** Skills the member that resolved the case changed. */
  resolution?: readonly string[];
}

export interface SkillLinks {
  skills: string[];
  skillsFrom: Record<string, SkillLinkSource[]>;
}

const nonEmpty = (s: ReadonlySet<string>): ReadonlySet<string> | undefined => (s.size > 0 ? s : undefined);
const both = (a: ReadonlySet<string>, b: ReadonlySet<string>) => new Set([...a].filter((x) => b.has(x)));

/**
 * The links for a case that named no skill. The per-case evidence (the skills both its diagnosers
 * targeted and its runs loaded, else its runs', else its diagnosers') narrows the resolution: a
 * member that changed three skills resolved the case through the one its evidence points at. With
 * no overlap the evidence stands alone (the case was resolved by a side effect), and with no
 * evidence the resolution does.
 */
export function deriveLinks(e: LinkEvidence): SkillLinks {
  const d = new Set(e.diagnosis ?? []);
  const t = new Set(e.trace ?? []);
  const r = new Set(e.resolution ?? []);
  const evidence = nonEmpty(both(d, t)) ?? nonEmpty(t) ?? d;
  const chosen = nonEmpty(both(r, evidence)) ?? nonEmpty(evidence) ?? r;
  const skills = [...chosen].sort(compare);
  const skillsFrom: SkillLinks["skillsFrom"] = {};
  for (const s of skills) {
    const from: SkillLinkSource[] = [];
    if (d.has(s)) from.push("diagnosis");
    if (t.has(s)) from.push("trace");
    if (r.has(s)) from.push("resolution");
    skillsFrom[s] = from;
  }
  return { skills, skillsFrom };
}

/** The case with derived links when it has none of its own; a case that names its skills is kept as is. */
export function linkCase(c: Case, e: LinkEvidence): Case {
  if (c.skills.length > 0) return c;
  const links = deriveLinks(e);
  return links.skills.length > 0 ? { ...c, ...links } : c;
}

/** The skill a member's change belongs to: a tool change (`<skill>/scripts/<file>`) counts for its skill. */
const skillOfChange = (name: string) => name.split("/")[0]!;

/**
 * The member's resolved evolution cases as they join the regression pool: marked resolved and, with
 * `derive` (the default), linked from the run's evidence (`record.caseLinks`) and the member's changes.
 * `derive: false` is the pool entry as written before links were derived (for benchmarks).
 */
export function resolvedPoolCases(
  record: Pick<RunRecord, "runId" | "cases" | "caseLinks">,
  member: Pick<FrontierMember, "candidate" | "resolved" | "changes">,
  cases: readonly Case[],
  opts: { derive?: boolean } = {},
): Case[] {
  const resolved = new Set(member.resolved);
  const evidence = new Map<string, CaseLinkEvidence>((record.caseLinks ?? []).map((x) => [x.case, x]));
  const resolution = [...new Set(member.changes.map((x) => skillOfChange(x.skill)))];
  return cases
    .filter((c) => resolved.has(c.id) && record.cases.includes(c.id))
    .map((c): Case => {
      const pooled: Case = { ...c, resolved: { candidate: member.candidate, run: record.runId } };
      if (opts.derive === false) return pooled;
      const seen = evidence.get(c.id);
      return linkCase(pooled, {
        ...(seen ? { diagnosis: seen.diagnosis, trace: seen.trace } : {}),
        resolution,
      });
    });
}
