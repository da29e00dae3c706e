// The legend of a frontier PR body: the shorthand the body uses (pass@k, pp, P*, `in | out`, the
// audit's Table 3 check numbers) in one line each, and the glossary for the rest. A reviewer meets
// these in a PR, often without having read the docs, so the terms are explained where they appear.
// The glossary is named as a skillops page (docsUrlAt), never as a relative link, which would
// resolve in the reviewer's repository; when no skillops ref is known it is named in words.

const TERMS: readonly [string, string][] = [
  [
    "frontier member",
    "a candidate skill bank that no other candidate of the run beats on both pass rate and cost",
  ],
  [
    "operating point",
    "which trade-off a member is: `cost` (cheapest), `balanced` or `accuracy` (most accurate); **P\\*** is the one the configuration recommends (`evolve.operatingPoint`)",
  ],
  [
    "pass@k",
    "the chance that at least one of k runs of a case passes, estimated from n runs; a rate is the mean over cases",
  ],
  ["95% CI", "the 95% confidence interval of a rate (bootstrap over cases; Wilson when every case agreed)"],
  ["pp", "percentage points: the difference of two rates"],
  [
    "floor",
    "(1 − ε) × the deployed bank's rate in a category; a candidate below it in any category is refused",
  ],
  ["`in | out`", "input | output tokens per case, the mean over every run of every case"],
  [
    "Table 3 checks",
    "the auditor's checks from SkillEvolver's Table 3 (1 framing, 2 and 6 literals, 3 untraceable assertions, …), numbered as there",
  ],
];

/** `glossaryUrl`: docsUrlAt(ref, "glossary.md") when the skillops ref is known. */
export function renderLegendSection(glossaryUrl: string | undefined): string {
  const glossary = glossaryUrl
    ? `[the skillops glossary](${glossaryUrl})`
    : "the skillops glossary (`docs/glossary.md` in the skillops repository)";
  return [
    "<details><summary>Legend: the terms used here</summary>",
    "",
    ...TERMS.map(([term, what]) => `- **${term}** — ${what}`),
    "",
    `Every other term: ${glossary}.`,
    "",
    "</details>",
  ].join("\n");
}
