// The diagnoser prompt's "Where the failing runs went" block: the repair sites of fault localisation
// (SkillSmith §3.3), in mutation-priority order, one numbered line each: the component, its type,
// p_i × Ochiai = priority, the evidence, and the counterfactual check when one was made. Quoted as
// data (skill and heading names come from the bank); the simulated endpoint reads the lines back
// (readSuspectLines).
import type { SiteKind } from "../../../records/repair-site.js";

export interface SuspectLine {
  component: string;
  score: number;
  ef: number;
  ep: number;
  failing: number;
  /** Failing cases of this batch whose runs touched it. */
  cases: readonly string[];
  kind?: SiteKind;
  prior?: number;
  priority?: number;
  /** A `shared` site: the other components holding the same text. */
  also?: readonly string[];
  confirmation?: {
    action: "masked" | "reverted";
    verdict: "confirmed" | "refuted";
    before: number;
    after: number;
  };
}

export const LOCALISATION_LABEL =
  "Where the failing runs went (fault localisation over the current skills' agent runs; `skill#section` is one ## section, `skill/scripts/file` a script they ran)";

/** What each site type asks of a repair, for the diagnoser's instructions. */
export const SITE_KINDS_TEXT =
  "Each line names a repair site's type: section (an instruction section is wrong), skill (the skill as a whole), " +
  "description (its runs were cases linked to other skills: its description draws the wrong tasks), tool (a script " +
  "the runs ran), missing (removing what is there changed nothing: what the runs needed is absent, add it there), " +
  "interaction (a+b: runs fail when both skills are loaded, more than with either: reconcile what the two say), " +
  "shared (the same text is in other skills too, listed: a repair must change every copy). " +
  "A site marked confirmed was re-run with it removed or reverted and more runs passed; refuted: they did not.";

/** Weighted run counts (an early-stopped case counts its planned runs) are shown to one decimal. */
export const figure = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

const LINE =
  /^\d+\. (.+?) — (?:(section|skill|description|tool|missing|interaction|shared); p ([\d.]+) × )?Ochiai ([\d.]+)(?: = priority [\d.]+)?: ([\d.]+) of ([\d.]+) failing runs went through it, ([\d.]+) passing runs did(?:; (masked|reverted) and re-run: (confirmed|refuted), passing runs ([\d.]+) → ([\d.]+))?(?:; the same text is also in: (.+?))?; this batch's failing cases there: (.*)$/;

function siteText(s: SuspectLine): string {
  return s.kind ? `${s.kind}; p ${(s.prior ?? 1).toFixed(2)} × ` : "";
}

function checkText(s: SuspectLine): string {
  const c = s.confirmation;
  return c
    ? `; ${c.action} and re-run: ${c.verdict}, passing runs ${c.before.toFixed(2)} → ${c.after.toFixed(2)}`
    : "";
}

export function renderSuspectLines(suspects: readonly SuspectLine[]): string {
  return suspects
    .map(
      (s, i) =>
        `${i + 1}. ${s.component} — ${siteText(s)}Ochiai ${s.score.toFixed(2)}${s.kind ? ` = priority ${(s.priority ?? s.score).toFixed(2)}` : ""}: ${figure(s.ef)} of ${figure(s.failing)} failing runs went through it, ${figure(s.ep)} passing runs did${checkText(s)}${s.also?.length ? `; the same text is also in: ${s.also.join(", ")}` : ""}; this batch's failing cases there: ${s.cases.join(", ") || "none"}`,
    )
    .join("\n");
}

export function readSuspectLines(text: string): SuspectLine[] {
  return text.split("\n").flatMap((line) => {
    const m = LINE.exec(line);
    if (!m) return [];
    const cases = m[13] === "none" ? [] : m[13]!.split(", ");
    const prior = m[3] === undefined ? undefined : Number(m[3]);
    return [
      {
        component: m[1]!,
        score: Number(m[4]),
        ef: Number(m[5]),
        failing: Number(m[6]),
        ep: Number(m[7]),
        cases,
        ...(m[2] ? { kind: m[2] as SiteKind, prior: prior!, priority: prior! * Number(m[4]) } : {}),
        ...(m[12] ? { also: m[12].split(", ") } : {}),
        ...(m[8]
          ? {
              confirmation: {
                action: m[8] as "masked" | "reverted",
                verdict: m[9] as "confirmed" | "refuted",
                before: Number(m[10]),
                after: Number(m[11]),
              },
            }
          : {}),
      },
    ];
  });
}
