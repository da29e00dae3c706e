// Shared inputs for the PR-body tests: a three-member frontier against a deployed bank, shaped
// like what `prBodyInput` derives from a run record.
import type {
  GateView,
  MemberView,
  PrBodyInput,
  SkillChangeView,
} from "../../src/core/render/pr-body/pr-body.js";

/** A gate that judged the 120 evolution cases plus 12 pool cases; floors are 0.95 × deployed. */
function gateOf(t: number, rates: Record<string, [number, number]>): GateView {
  const floors: Record<string, number> = { general: 0.76, hallucination: 0.665, special: 0.57 };
  return {
    t,
    cases: 132,
    sample: [
      ...Array.from({ length: 6 }, (_, i) => ({ id: `pool-general-${i + 1}`, category: "general" })),
      ...Array.from({ length: 4 }, (_, i) => ({ id: `pool-halluc-${i + 1}`, category: "hallucination" })),
      { id: "pool-special-1", category: "special" },
      { id: "pool-special-2" },
    ],
    categories: Object.entries(rates).map(([category, [rate, n]]) => ({
      category,
      rate,
      n,
      floor: floors[category]!,
      ok: rate + 1e-12 >= floors[category]!,
      early: false,
    })),
  };
}

export const deployed = {
  candidate: "5e1d0a2b9c3f4e5d6a7b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b",
  total: { rate: 0.742, low: 0.66, high: 0.82, n: 120 },
  perCategory: [
    { category: "general", rate: 0.8, low: 0.7, high: 0.88, n: 60 },
    { category: "hallucination", rate: 0.7, low: 0.55, high: 0.83, n: 40 },
    { category: "special", rate: 0.6, low: 0.4, high: 0.8, n: 20 },
  ],
  cost: { input: 3120, output: 790, cached: 0 },
};

export const balanced: MemberView = {
  candidate: "7f3a9c1e22b04d6f8a1b2c3d4e5f60718293a4b5c6d7e8f9012345678abcdef0",
  operatingPoint: "balanced",
  total: { rate: 0.808, low: 0.73, high: 0.88, n: 120 },
  perCategory: [
    { category: "general", rate: 0.85, low: 0.75, high: 0.93, n: 60 },
    { category: "hallucination", rate: 0.775, low: 0.63, high: 0.9, n: 40 },
    { category: "special", rate: 0.7, low: 0.5, high: 0.9, n: 20 },
  ],
  cost: { input: 2760, output: 660, cached: 0 },
  // The pool sample pulls special down from 70.0% (evolution cases) to 63.6% (what the gate saw).
  gate: gateOf(2, { general: [56 / 66, 66], hallucination: [34 / 44, 44], special: [14 / 22, 22] }),
  audit: {
    refused: false,
    scripts: "parsed",
    findings: [
      {
        id: "A1",
        check: "untraceableAssertions",
        severity: "warning",
        skill: "refund-policy",
        file: "refund-policy/SKILL.md",
        line: 14,
        evidence: 'new rule "always confirm the order date" names no case, trace or policy clause',
      },
    ],
  },
};

export const accurate: MemberView = {
  candidate: "a0b1c2d3e4f5061728394a5b6c7d8e9f00112233445566778899aabbccddeeff",
  operatingPoint: "accuracy",
  total: { rate: 0.85, low: 0.78, high: 0.91, n: 120 },
  perCategory: [
    { category: "general", rate: 0.9, low: 0.82, high: 0.97, n: 60 },
    { category: "hallucination", rate: 0.8, low: 0.68, high: 0.92, n: 40 },
    { category: "special", rate: 0.8, low: 0.6, high: 0.95, n: 20 },
  ],
  cost: { input: 4480, output: 1320, cached: 0 },
  gate: gateOf(3, { general: [60 / 66, 66], hallucination: [35 / 44, 44], special: [17 / 22, 22] }),
  audit: { refused: false, scripts: "skipped", findings: [] },
  pullRequest: 125,
};

export const cheap: MemberView = {
  candidate: "c4e5f6a7b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f809",
  operatingPoint: "cost",
  total: { rate: 0.75, low: 0.67, high: 0.83, n: 120 },
  perCategory: [
    { category: "general", rate: 0.8, low: 0.7, high: 0.9, n: 60 },
    { category: "hallucination", rate: 0.7, low: 0.55, high: 0.83, n: 40 },
    { category: "special", rate: 0.65, low: 0.45, high: 0.85, n: 20 },
  ],
  cost: { input: 1840, output: 460, cached: 0 },
  gate: gateOf(1, { general: [53 / 66, 66], hallucination: [31 / 44, 44], special: [13 / 22, 22] }),
  pullRequest: 123,
};

const refundDiff = `--- a/refund-policy/SKILL.md
+++ b/refund-policy/SKILL.md
@@ -4,9 +4,12 @@
 ## Steps
-1. Quote the refund policy to the customer.
-2. Mention the 2022 exceptions list.
+1. Ask for the order ID before quoting any policy.
+2. Look the order up and read its purchase date.
+3. Quote only the policy that applied on that date.
+4. If the order is older than 90 days, say so plainly.
 
 ## Never
 - Never promise a refund the policy does not allow.
+- Never cite the 2022 exceptions list; it expired.
`;

/** A changed skill's view, with what a hand-written fixture leaves out filled in. */
export function skillView(v: Partial<SkillChangeView> & { name: string }): SkillChangeView {
  return {
    change: "modified",
    headline: "modified, +1 −0 lines",
    sentences: [],
    scripts: [],
    diff: "",
    lines: { added: 1, removed: 0 },
    ...v,
  };
}

export function baseInput(overrides: Partial<PrBodyInput> = {}): PrBodyInput {
  return {
    version: "0.1.0",
    run: {
      id: "run-412",
      url: "https://github.com/acme/agent/actions/runs/9012345678",
      simulated: false,
      feedbackCases: 5,
      regressionCases: 115,
    },
    repo: { defaultBranch: "main", baseSha: "abc1234def5678abc1234def5678abc1234def56" },
    member: balanced,
    siblings: [cheap, accurate],
    deployed,
    epsilon: 0.05,
    skills: [
      skillView({
        name: "refund-policy",
        headline: "modified, +5 −2 lines",
        sentences: [
          "section “Steps” changed: +4 −2 lines, 4 list items added and 2 removed",
          "section “Never” changed: +1 −0 lines, 1 list item added",
        ],
        note: {
          t: 2,
          text: "Now asks for the order ID before quoting policy, and stops citing the expired 2022 exceptions list.",
        },
        diff: refundDiff,
        lines: { added: 5, removed: 2 },
      }),
      skillView({
        name: "escalate-to-human",
        change: "added",
        headline: "new skill, +6 −0 lines",
        sentences: [
          "frontmatter changed: name, description",
          "the text before the first ## heading added: +2 lines",
        ],
        note: {
          t: 3,
          text: "New skill: hands the conversation to a person when the customer asks for one twice.",
        },
        diff: "--- /dev/null\n+++ b/escalate-to-human/SKILL.md\n@@ -0,0 +1,6 @@\n+---\n+name: escalate-to-human\n+description: Hand off to a human agent when asked twice.\n+---\n+\n+When the customer asks for a person a second time, stop and hand off.\n",
        lines: { added: 6, removed: 0 },
      }),
    ],
    fixed: [
      { id: "fb-88", category: "general", issue: 88, title: "Agent quotes the expired refund policy" },
      {
        id: "fb-91",
        category: "hallucination",
        issue: 91,
        title: "Invents a 2022 exception that does not exist",
      },
      { id: "fb-97", category: "special", issue: 97, title: "Keeps going after I asked for a person, twice" },
    ],
    stillFailing: [
      { id: "fb-102", category: "general", issue: 102, title: "Wrong timezone in the booking summary" },
      { id: "fb-105", category: "special", issue: 105, title: "Ignores the loyalty discount" },
    ],
    ...overrides,
  };
}
