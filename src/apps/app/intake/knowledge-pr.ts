// Experiential feedback → the skills' knowledge.md, through ONE rolling pull request on the branch
// `skillops/knowledge`. Each run rebuilds the branch from the default branch head with every
// accepted advice entry not yet in its knowledge.md (append-only), so merging it lands them all
// and a merged entry is never added twice. A branch holding commits the app did not make is never
// pushed to (branch-guard.ts); the entries then go to `skillops/knowledge-2` (and so on).
import { appendKnowledge, parseKnowledge } from "../../../core/bank/knowledge.js";
import type { KnowledgeEntry } from "../../../core/bank/skill.js";
import { FEEDBACK_MARKERS, fenceFor } from "../../../core/feedback/triage.js";
import { commitChanges, commitInfo, type PathWrite } from "../../../io/git/edit-tree.js";
import type { Person } from "../../../records/person.js";
import { readTree } from "../../../io/git/read-tree.js";
import { fetchBranch, pushBranch } from "../../../io/git/remote.js";
import { freshBranchNote, isAppPull, isBranchOf } from "../../../core/github/branch-guard.js";
import { claimBranch, probeBranch, type BranchProbe } from "../../../io/github-api/branch-probe.js";
import { hasLabel } from "../../../core/github/labels.js";
import { readMarker, renderMarker } from "../../../records/markers.js";
import { ownedMarker, sameContent, sameMarkerData } from "../../../core/render/comments/owned-marker.js";
import type { ExistingPull, PublishGit, SkillRepo } from "../../../core/github/port.js";
import { epochSeconds, type Clock } from "../../../vocabulary/clock.js";

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
  branch: string = KNOWLEDGE_BRANCH,
): string {
  const lines = [
    renderMarker(KNOWLEDGE_MARKER, { v: 1, issues: added.map((i) => i.issue) }),
    "## 💡 Advice from feedback for the skills' knowledge.md",
    "",
    "Accepted feedback that is general advice rather than a reproducible test case. The agent reads a skill's `knowledge.md` together with the skill; evolution never edits it, and entries are only ever appended.",
    "",
    "**Merge** to add these entries. **Close** without merging to leave them out for good: skillops will not propose these entries again. It keeps this one pull request up to date as more advice is accepted.",
    "",
    ...(branch === KNOWLEDGE_BRANCH ? [] : [`> [!NOTE]\n> ${freshBranchNote(KNOWLEDGE_BRANCH, branch)}`, ""]),
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

/** Brings the app's open knowledge PR up to `commit`, title and body (its branch is the app's own). */
async function updateKnowledgePull(
  input: KnowledgeInput,
  open: ExistingPull,
  probe: BranchProbe,
  commit: string,
  text: { title: string; body: string },
): Promise<KnowledgeOutcome> {
  const { repo, git } = input;
  const existing = probe.head ? await commitInfo(git.gitdir, probe.head) : undefined;
  const fresh = await commitInfo(git.gitdir, commit);
  const sameTree = existing?.tree === fresh.tree && existing.parents.join() === fresh.parents.join();
  if (!sameTree) await pushBranch({ ...git, branch: open.headRef, force: probe.owner === "app" });
  const { title, body } = text;
  const sameBody = sameContent(open.body, body) && sameMarkerData(open.body, body, KNOWLEDGE_MARKER);
  if (sameTree && sameBody && open.title === title) return { outcome: "unchanged" };
  if (!sameBody || open.title !== title) await repo.updatePull(open.number, { title, body });
  return { outcome: "updated", pullRequest: open.number };
}

/** Labels the app's PR whose branch it leaves alone, once (the dashboard lists these). */
async function markLeftAlone(repo: SkillRepo, pull: { number: number; labels: readonly string[] }) {
  if (!hasLabel(pull.labels, "skillops:left-alone"))
    await repo.addLabels(pull.number, ["skillops:left-alone"]);
}

/** The knowledge PRs (any name of the branch family) and the app's open one. */
async function knowledgePulls(input: KnowledgeInput) {
  const pulls = (await input.repo.listPulls(KNOWLEDGE_BRANCH)).filter((p) =>
    isBranchOf(p.headRef, KNOWLEDGE_BRANCH),
  );
  const own = pulls.filter((p) => isAppPull(p, input.botLogin));
  return { pulls, own, open: own.find((p) => p.state === "open") };
}

/**
 * Opens or updates the one rolling knowledge PR; writes nothing when nothing changed. A branch
 * holding commits the app did not make is never pushed to (branch-guard.ts): an open PR on it is
 * `blocked`, otherwise the entries go to a fresh branch name.
 */
export async function publishKnowledge(
  input: KnowledgeInput,
  items: readonly KnowledgeItem[],
): Promise<KnowledgeOutcome> {
  const { repo, git } = input;
  const defaultBranch = await repo.defaultBranch();
  const base = await fetchBranch({ ...git, branch: defaultBranch });
  const files = await readTree({ gitdir: git.gitdir, ref: base, prefix: input.bankDir });
  const { pulls, own, open } = await knowledgePulls(input);
  // Closing the PR unmerged is a durable "no" to the entries it held: they are not proposed again.
  const refused = new Set(
    own.filter((p) => p.state === "closed" && !p.merged).flatMap((p) => refusedIssues(p.body)),
  );
  const plan = planKnowledge(
    items.filter((i) => !refused.has(i.issue)),
    knowledgeFiles(files),
    input.bankDir,
  );
  if (plan.added.length === 0) return { outcome: open ? "unchanged" : "none" };
  const ctx = { repo, git, botLogin: input.botLogin, pulls };
  const probe = open ? await probeBranch(ctx, open.headRef) : await claimBranch(ctx, KNOWLEDGE_BRANCH);
  if (!probe || probe.owner === "foreign") {
    if (open) await markLeftAlone(repo, open);
    return { outcome: "blocked" };
  }
  const title = `skillops: advice for knowledge.md from ${plan.added.length} feedback issue${plan.added.length === 1 ? "" : "s"}`;
  const body = renderKnowledgePrBody(plan.added, plan.unknownSkill, probe.branch);
  const commit = await commitChanges({
    gitdir: git.gitdir,
    parent: base,
    branch: probe.branch,
    writes: plan.writes.map((w): PathWrite => ({ path: w.path, bytes: new TextEncoder().encode(w.text) })),
    message: `${title}\n\nIssues: ${plan.added.map((i) => `#${i.issue}`).join(", ")}`,
    author: input.author,
    timestamp: epochSeconds(input.now()),
    seal: true,
  });
  if (open) return updateKnowledgePull(input, open, probe, commit, { title, body });
  await pushBranch({ ...git, branch: probe.branch, force: probe.owner === "app" });
  const created = await repo.createPull({
    title,
    body,
    head: probe.branch,
    base: defaultBranch,
    draft: false,
  });
  const pull = await repo.getPull(created.number);
  // A PR that raced in on the same head is edited only if the app opened it.
  if (!isAppPull(pull, input.botLogin)) return { outcome: "blocked" };
  if (created.existed) await repo.updatePull(created.number, { title, body });
  if (probe.branch !== KNOWLEDGE_BRANCH) await markLeftAlone(repo, pull);
  return { outcome: "created", pullRequest: created.number };
}
