// The policy channel on push (FRAMES A.4.4): a push to the default branch that changes files under
// `policy:` is diffed section by section against the push's `before` commit (the core of
// `ingest --policy-diff`). Changed or added clauses no skill covers get draft cases in ONE PR (drafts
// are accepted in review, docs/case-format.md#drafts); the findings go into ONE issue labelled
// `skillops:policy`, whose marker the dashboard reads for "may be stale". A push already handled
// (an issue whose marker names its `after` commit) does nothing again.
import { loadBank } from "../../../core/bank/bank.js";
import { poolFiles } from "../../../core/cases/pool.js";
import type { Case } from "../../../records/case.js";
import { backLinksOf } from "../../../core/coldstart/coverage.js";
import { draftGapCases } from "../../../core/coldstart/gap-cases.js";
import {
  PolicyInputError,
  readPolicyDocument,
  type PolicyDocument,
} from "../../../core/coldstart/policy-document.js";
import { assessPolicyChange, type PolicyImpact } from "../../../core/coldstart/policy-diff.js";
import { readTree } from "../../../io/git/read-tree.js";
import { fetchBranch } from "../../../io/git/remote.js";
import { readMarker } from "../../../records/markers.js";
import { isoSeconds } from "../../../vocabulary/clock.js";
import { withAppModel } from "./app-model.js";
import type { ColdstartPrInput } from "./coldstart-pr.js";
import { openDraftPr } from "./draft-pr.js";
import { isPolicyPath, readPolicyFiles } from "./policy-files.js";
import {
  POLICY_CHANGE_MARKER,
  renderPolicyIssue,
  type FileImpact,
} from "../../../core/render/comments/policy-issue.js";

export type { PushPayload } from "../../../core/github/push-payload.js";
import type { PushPayload } from "../../../core/github/push-payload.js";

export type PolicyPushOutcome =
  `ignored:${string}` | "already-handled" | "no-section-changed" | { issue: number; pullRequest?: number };

export const POLICY_BRANCH_PREFIX = "skillops/policy/";

/** The pushed paths under `policy:` (added, modified or removed by any commit of the push). */
export function pushedPolicyPaths(payload: PushPayload, entries: readonly string[]): string[] {
  const paths = (payload.commits ?? []).flatMap((c) => [
    ...(c.added ?? []),
    ...(c.modified ?? []),
    ...(c.removed ?? []),
  ]);
  return [...new Set(paths)].filter((p) => isPolicyPath(p, entries)).sort();
}

/** A version of a document that is absent (added or removed file): it has no sections. */
const absent = (file: string): PolicyDocument => ({ file, text: "", headings: [] });

async function alreadyHandled(input: ColdstartPrInput, after: string): Promise<boolean> {
  const issues = await input.repo.listIssues({ labels: ["skillops:policy"], state: "all", firstPage: 100 });
  return issues.some(
    (i) =>
      i.author.toLowerCase() === input.botLogin.toLowerCase() &&
      readMarker(i.body, POLICY_CHANGE_MARKER)?.data.after === after,
  );
}

/** Each pushed policy file diffed between `before` and `after`, against the bank at `after`. */
async function assessPush(input: ColdstartPrInput, payload: PushPayload, paths: readonly string[]) {
  const { config, git } = input;
  const [oldFiles = [], newFiles = []] = await Promise.all(
    [payload.before, payload.after].map((ref) => readPolicyFiles(git.gitdir, ref, config.policy)),
  );
  const bank = loadBank(await readTree({ gitdir: git.gitdir, ref: payload.after, prefix: config.bank })).bank;
  const skills = bank.skills.map((s) => ({
    name: s.name,
    description: s.frontmatter.description ?? "",
    policy: backLinksOf(s.frontmatter.metadata?.policy),
  }));
  const impacts: FileImpact[] = paths.map((path) => {
    try {
      const read = (files: typeof oldFiles) => {
        const f = files.find((x) => x.path === path);
        return f ? readPolicyDocument(path, f.bytes) : absent(path);
      };
      return { path, impact: assessPolicyChange(read(oldFiles), read(newFiles), skills) };
    } catch (e) {
      if (e instanceof PolicyInputError) return { path, problem: e.message };
      throw e;
    }
  });
  return { impacts, skills };
}

export async function onPolicyPush(
  input: ColdstartPrInput,
  payload: PushPayload,
): Promise<PolicyPushOutcome> {
  const { config, git } = input;
  const defaultBranch = payload.repository.default_branch;
  if (payload.ref !== `refs/heads/${defaultBranch}`) return "ignored:not-default-branch";
  if (/^0+$/.test(payload.before)) return "ignored:new-branch";
  const paths = pushedPolicyPaths(payload, config.policy);
  if (paths.length === 0) return "ignored:no-policy-file";
  if (await alreadyHandled(input, payload.after)) return "already-handled";
  await fetchBranch({ ...git, branch: defaultBranch });
  const { impacts, skills } = await assessPush(input, payload, paths);
  const changes = (i: PolicyImpact) => i.changed.length + i.added.length + i.removed.length;
  if (impacts.every((f) => f.impact && changes(f.impact) === 0)) return "no-section-changed";
  const uncovered = impacts.flatMap((f) => f.impact?.uncovered ?? []);
  const drafted =
    uncovered.length > 0
      ? await withAppModel(config, input.env, (model) =>
          draftGapCases(uncovered, model, { now: isoSeconds(input.now()), simulated: false, skills }),
        )
      : [];
  const cases: Case[] = drafted ?? [];
  let pullRequest: number | undefined;
  if (drafted && uncovered.length > 0) {
    const short = payload.after.slice(0, 8);
    const title = `skillops: draft cases for ${cases.length} uncovered policy clause(s) (${short})`;
    const opened = await openDraftPr(input, {
      branch: `${POLICY_BRANCH_PREFIX}${short}`,
      base: { branch: defaultBranch, sha: payload.after },
      writes: poolFiles(cases, config.pool).map((f) => ({ path: f.path, bytes: f.bytes })),
      title,
      body: `Draft cases from the policy change ${payload.before.slice(0, 8)}..${short}: each is \`provenance.draft: true\` and skipped by eval and evolve until a maintainer removes \`draft\` (setting \`acceptedBy\`) here. The policy issue lists what changed.`,
      message: `${title}\n\nPolicy change ${payload.before}..${payload.after}.`,
    });
    if (opened.ok) pullRequest = opened.pullRequest;
  }
  const issue = await input.repo.createIssue({
    ...renderPolicyIssue({
      payload,
      impacts,
      cases,
      pullRequest,
      ...(drafted ? {} : { undrafted: uncovered.length }),
    }),
    labels: ["skillops:policy"],
  });
  return { issue: issue.number, ...(pullRequest ? { pullRequest } : {}) };
}
