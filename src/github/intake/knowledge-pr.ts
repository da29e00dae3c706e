// Experiential feedback → the skills' knowledge.md, through ONE rolling pull request on the branch
// `skillops/knowledge`. Each run rebuilds the branch from the default branch head with every
// accepted advice entry not yet in its knowledge.md (append-only), so merging it lands them all
// and a merged entry is never added twice. A branch someone else committed to is not force-pushed.
import { appendKnowledge, parseKnowledge } from "../../bank/knowledge.js";
import type { KnowledgeEntry } from "../../bank/skill.js";
import { FEEDBACK_MARKERS, fenceFor } from "../../feedback/triage.js";
import { commitChanges, commitInfo, type PathWrite, type Person } from "../../git/edit-tree.js";
import { readTree } from "../../git/read-tree.js";
import { fetchBranch, pushBranch } from "../../git/remote.js";
import { hasLabel } from "../labels.js";
import { ownedMarker, readMarker, renderMarker, sameContent, sameMarkerData } from "../markers.js";
import type { ExistingPull, PublishGit, SkillRepo } from "../port.js";
import { epochSeconds, type Clock } from "../../vocabulary/clock.js";

export const KNOWLEDGE_BRANCH = "skillops/knowledge";
const KNOWLEDGE_MARKER = "knowledge-pr";

export interface KnowledgeItem {
  issue: number;
  title: string;
  skill: string;
  entry: KnowledgeEntry;
}

/** The advice of accepted, open feedback issues, read from the app's own case comments. */
export async function collectKnowledge(repo: SkillRepo, botLogin: string): Promise<KnowledgeItem[]> {
  const issues = await repo.listIssues({
    labels: ["skillops:feedback", "skillops:knowledge"],
    state: "open",
  });
  const items: KnowledgeItem[] = [];
  for (const issue of issues
    .filter((i) => hasLabel(i.labels, "skillops:accepted"))
    .sort((a, b) => a.number - b.number)) {
    const k = ownedMarker(await repo.listComments(issue.number), FEEDBACK_MARKERS.case, botLogin)
      ?.knowledge as { skill?: unknown; text?: unknown; provenance?: unknown } | undefined;
    if (typeof k?.skill === "string" && typeof k.text === "string" && typeof k.provenance === "string") {
      items.push({
        issue: issue.number,
        title: issue.title,
        skill: k.skill,
        entry: { text: k.text, provenance: k.provenance },
      });
    }
  }
  return items;
}

/**
 * Pure: the knowledge.md writes for the items not already present (matched by provenance, which
 * names the issue), and the items skipped because their skill is not in the bank.
 */
export function planKnowledge(
  items: readonly KnowledgeItem[],
  current: ReadonlyMap<string, string | undefined>,
  bankDir: string,
): { writes: Array<{ path: string; text: string }>; added: KnowledgeItem[]; unknownSkill: KnowledgeItem[] } {
  const bySkill = new Map<string, KnowledgeItem[]>();
  const unknownSkill: KnowledgeItem[] = [];
  for (const item of items) {
    if (!current.has(item.skill)) {
      unknownSkill.push(item);
      continue;
    }
    const existing = current.get(item.skill);
    const present = existing
      ? parseKnowledge(existing, "knowledge.md").entries.some((e) => e.provenance === item.entry.provenance)
      : false;
    if (!present) bySkill.set(item.skill, [...(bySkill.get(item.skill) ?? []), item]);
  }
  const writes = [...bySkill]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([skill, list]) => ({
      path: `${bankDir}/${skill}/knowledge.md`,
      text: appendKnowledge(
        current.get(skill),
        skill,
        list.map((i) => i.entry),
      ),
    }));
  return { writes, added: [...bySkill.values()].flat(), unknownSkill };
}

export function renderKnowledgePrBody(
  added: readonly KnowledgeItem[],
  unknownSkill: readonly KnowledgeItem[],
): string {
  const lines = [
    renderMarker(KNOWLEDGE_MARKER, { v: 1, issues: added.map((i) => i.issue) }),
    "## 💡 Advice from feedback for the skills' knowledge.md",
    "",
    "Accepted feedback that is general advice rather than a reproducible test case. The agent reads a skill's `knowledge.md` together with the skill; evolution never edits it, and entries are only ever appended.",
    "",
    "**Merge** to add these entries. **Close** without merging to leave them out for good: skillops will not propose these entries again. It keeps this one pull request up to date as more advice is accepted.",
    "",
  ];
  for (const item of added) {
    const text = item.entry.text.replace(/@/g, "@\u200b");
    const fence = fenceFor(text);
    lines.push(`### \`${item.skill}\` · from #${item.issue}`, "", `${fence}markdown`, text, fence, "");
  }
  if (unknownSkill.length > 0) {
    lines.push(
      "### Not included",
      "",
      ...unknownSkill.map(
        (i) =>
          `- #${i.issue}: there is no skill \`${i.skill}\` in the bank; edit the issue's **Skill** field.`,
      ),
      "",
    );
  }
  return lines.join("\n").slice(0, 58_000);
}

function refusedIssues(body: string): number[] {
  const issues = readMarker(body, KNOWLEDGE_MARKER)?.data.issues;
  return Array.isArray(issues) ? issues.filter((n): n is number => typeof n === "number") : [];
}

export type KnowledgeOutcome =
  { outcome: "none" | "unchanged" | "blocked" } | { outcome: "created" | "updated"; pullRequest: number };

export interface KnowledgeInput {
  repo: SkillRepo;
  git: PublishGit;
  bankDir: string;
  botLogin: string;
  author: Person;
  /** Seconds since the epoch (commit timestamps). */
  now: Clock;
}

/** Each skill's knowledge.md on the base (undefined: the skill has none yet), by skill folder. */
function knowledgeFiles(
  files: readonly { path: string; bytes: Uint8Array }[],
): Map<string, string | undefined> {
  const current = new Map<string, string | undefined>();
  for (const f of files) {
    const [skill, rest] = [f.path.split("/")[0]!, f.path.split("/").slice(1).join("/")];
    if (rest === "SKILL.md" && !current.has(skill)) current.set(skill, undefined);
    if (rest === "knowledge.md") current.set(skill, new TextDecoder().decode(f.bytes));
  }
  return current;
}

/** Brings the open knowledge PR up to `commit`, title and body; blocked when a person committed to it. */
async function updateKnowledgePull(
  input: KnowledgeInput,
  open: ExistingPull,
  commit: string,
  title: string,
  body: string,
): Promise<KnowledgeOutcome> {
  const { repo, git } = input;
  const commits = await repo.listPullCommits(open.number);
  if (commits.some((c) => c.authorEmail.toLowerCase() !== input.author.email.toLowerCase()))
    return { outcome: "blocked" };
  const existing = await commitInfo(git.gitdir, await fetchBranch({ ...git, branch: KNOWLEDGE_BRANCH }));
  const fresh = await commitInfo(git.gitdir, commit);
  const sameTree = existing.tree === fresh.tree && existing.parents.join() === fresh.parents.join();
  if (!sameTree) await pushBranch({ ...git, branch: KNOWLEDGE_BRANCH, force: true });
  const sameBody = sameContent(open.body, body) && sameMarkerData(open.body, body, KNOWLEDGE_MARKER);
  if (sameTree && sameBody && open.title === title) return { outcome: "unchanged" };
  if (!sameBody || open.title !== title) await repo.updatePull(open.number, { title, body });
  return { outcome: "updated", pullRequest: open.number };
}

/** Opens or updates the one rolling knowledge PR; writes nothing when nothing changed. */
export async function publishKnowledge(
  input: KnowledgeInput,
  items: readonly KnowledgeItem[],
): Promise<KnowledgeOutcome> {
  const { repo, git } = input;
  const defaultBranch = await repo.defaultBranch();
  const base = await fetchBranch({ ...git, branch: defaultBranch });
  const files = await readTree({ gitdir: git.gitdir, ref: base, prefix: input.bankDir });
  const current = knowledgeFiles(files);
  const pulls = (await repo.listPulls(KNOWLEDGE_BRANCH)).filter(
    (p) => p.headRef === KNOWLEDGE_BRANCH && p.author.toLowerCase() === input.botLogin.toLowerCase(),
  );
  // Closing the PR unmerged is a durable "no" to the entries it held: they are not proposed again.
  const refused = new Set(
    pulls.filter((p) => p.state === "closed" && !p.merged).flatMap((p) => refusedIssues(p.body)),
  );
  const plan = planKnowledge(
    items.filter((i) => !refused.has(i.issue)),
    current,
    input.bankDir,
  );
  const open = pulls.find((p) => p.state === "open");
  if (plan.added.length === 0) return { outcome: open ? "unchanged" : "none" };
  const body = renderKnowledgePrBody(plan.added, plan.unknownSkill);
  const title = `skillops: advice for knowledge.md from ${plan.added.length} feedback issue${plan.added.length === 1 ? "" : "s"}`;
  const writes: PathWrite[] = plan.writes.map((w) => ({
    path: w.path,
    bytes: new TextEncoder().encode(w.text),
  }));
  const commit = await commitChanges({
    gitdir: git.gitdir,
    parent: base,
    branch: KNOWLEDGE_BRANCH,
    writes,
    message: `${title}\n\nIssues: ${plan.added.map((i) => `#${i.issue}`).join(", ")}`,
    author: input.author,
    timestamp: epochSeconds(input.now()),
  });

  if (open) return updateKnowledgePull(input, open, commit, title, body);
  await pushBranch({ ...git, branch: KNOWLEDGE_BRANCH, force: true });
  const created = await repo.createPull({
    title,
    body,
    head: KNOWLEDGE_BRANCH,
    base: defaultBranch,
    draft: false,
  });
  if (created.existed) await repo.updatePull(created.number, { title, body });
  return { outcome: "created", pullRequest: created.number };
}
