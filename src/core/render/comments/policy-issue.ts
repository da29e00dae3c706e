// The issue a policy push leaves (label `skillops:policy`): what changed, section by section, the
// skills that may be stale, the back-links that broke, and the draft cases' PR. Its marker carries
// the push's `after` commit (duplicate deliveries) and the stale skills (the dashboard's list).
import type { Case } from "../../../records/case.js";
import type { PolicyImpact } from "../../coldstart/policy-diff.js";
import { renderMarker } from "../../../records/markers.js";
import { NO_MODEL } from "../no-model.js";
import type { PushPayload } from "../../github/push-payload.js";

export const POLICY_CHANGE_MARKER = "policy-change";

export interface FileImpact {
  path: string;
  impact?: PolicyImpact;
  /** The new version cannot be read as a policy (empty, no headings, …). */
  problem?: string;
}

export interface PolicyIssueInput {
  payload: PushPayload;
  impacts: readonly FileImpact[];
  cases: readonly Case[];
  /** Uncovered clauses left without a draft case because the install has no model. */
  undrafted?: number;
  pullRequest: number | undefined;
}

/** Each stale skill once, with every back-link of it whose section changed. */
export function staleSkills(impacts: readonly FileImpact[]): Array<{ skill: string; links: string[] }> {
  const by = new Map<string, string[]>();
  for (const s of impacts.flatMap((f) => f.impact?.stale ?? []))
    by.set(s.skill, [...(by.get(s.skill) ?? []), ...s.links]);
  return [...by].sort(([a], [b]) => (a < b ? -1 : 1)).map(([skill, links]) => ({ skill, links }));
}

const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;

function fileSection(f: FileImpact): string[] {
  if (!f.impact) return [`### ${code(f.path)}`, "", `⚠️ ${f.problem ?? "not read"}`, ""];
  const { changed, added, removed, broken } = f.impact;
  const list = (label: string, items: readonly { slug: string; heading: string }[]) =>
    items.length
      ? [
          `- **${label}**: ${items.map((s) => `${code(`#${s.slug}`)} ${s.heading.replace(/[<>@]/g, "")}`).join(", ")}`,
        ]
      : [];
  return [
    `### ${code(f.path)}`,
    "",
    ...list("changed", changed),
    ...list("added", added),
    ...list("removed", removed),
    ...broken.map(
      (b) =>
        `- ❌ ${code(b.skill)}: back-link ${code(b.link)} names a heading that ${b.removed ? "was removed" : "does not exist"} (a \`skillops validate\` error)`,
    ),
    "",
  ];
}

export function renderPolicyIssue(r: PolicyIssueInput): { title: string; body: string } {
  const { payload } = r;
  const stale = staleSkills(r.impacts);
  const range = `${payload.before.slice(0, 8)}..${payload.after.slice(0, 8)}`;
  const body = [
    renderMarker(POLICY_CHANGE_MARKER, { v: 1, after: payload.after, stale: stale.map((s) => s.skill) }),
    `## 📜 Policy changed (${range})`,
    "",
    "A push to the default branch changed the policy documents; skillops diffed them section by section (docs/policy-channel.md). Review the skills that may be stale and close this issue when done: the dashboard lists them until then.",
    "",
    ...r.impacts.flatMap(fileSection),
    `### May be stale (${stale.length})`,
    "",
    ...(stale.length ? stale.map((s) => `- ${code(s.skill)} (${s.links.map(code).join(", ")})`) : ["None."]),
    "",
    `### Draft cases for uncovered changed or added clauses (${r.cases.length})`,
    "",
    ...(r.undrafted
      ? [`⚠️ ${r.undrafted} changed or added clause(s) no skill covers got no draft case: ${NO_MODEL}.`]
      : r.cases.length === 0
        ? ["None: every changed or added clause is covered by a skill."]
        : [
            r.pullRequest
              ? `In #${r.pullRequest}, for review: each is a draft until a maintainer accepts it there.`
              : "⚠️ The pull request could not be opened: its branch holds commits skillops did not make.",
            "",
            ...r.cases.map(
              (c) => `- ${code(`${c.category}/${c.id}.yml`)} ← ${code(c.provenance.policy ?? "")}`,
            ),
          ]),
  ].join("\n");
  return {
    title: `skillops: policy changed in ${r.impacts.map((f) => f.path).join(", ")} (${range})`.slice(0, 200),
    body,
  };
}
