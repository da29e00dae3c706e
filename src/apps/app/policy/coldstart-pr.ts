// `/skillops coldstart [--force]`: cold start (src/coldstart) on the configured `policy:` files at the
// default branch head, with the install's model (refused when it has none), opened as
// ONE pull request holding the bank and the draft cases of the uncovered clauses. Every refusal is a
// sentence for the reply comment, and nothing (no branch, no PR) is made before all of it is whole.
import type { Case } from "../../../records/case.js";
import { poolFiles } from "../../../core/cases/pool.js";
import { coldStart, ColdStartModelError, type ColdStartSkill } from "../../../core/coldstart/coldstart.js";
import { uncoveredClauses } from "../../../core/coldstart/coverage.js";
import { draftGapCases } from "../../../core/coldstart/gap-cases.js";
import { PolicyInputError, readPolicyDocument } from "../../../core/coldstart/policy-document.js";
import type { Config } from "../../../core/config/config.js";
import type { PathWrite } from "../../../io/git/edit-tree.js";
import { readTree } from "../../../io/git/read-tree.js";
import { fetchBranch } from "../../../io/git/remote.js";
import { NO_MODEL } from "../../../core/render/no-model.js";
import { renderMarker } from "../../../records/markers.js";
import { isoSeconds } from "../../../vocabulary/clock.js";
import { withAppModel, type AppEnv } from "./app-model.js";
import { openDraftPr, openDraftPull, type DraftPrInput } from "./draft-pr.js";
import { readPolicyFiles } from "./policy-files.js";

export const COLDSTART_BRANCH = "skillops/coldstart";
export const COLDSTART_MARKER = "coldstart-pr";

export interface ColdstartPrInput extends DraftPrInput {
  config: Config;
  env: AppEnv;
}

interface Generated {
  skills: ColdStartSkill[];
  writes: PathWrite[];
  cases: Case[];
  /** The model that wrote them, e.g. `model gpt-4o-mini`. */
  by: string;
}

const refused = (why: string) => `Cold start not started: ${why} Nothing was written.`;

/** The bank and the draft cases, or the refusal; the model runs only once the inputs are sound. */
async function generate(
  input: ColdstartPrInput,
  files: { path: string; bytes: Uint8Array }[],
): Promise<Generated | string> {
  const { config } = input;
  try {
    const docs = files.map((f) => readPolicyDocument(f.path, f.bytes));
    const made = await withAppModel(config, input.env, async (model, by): Promise<Generated | string> => {
      const generatedBy = `skillops coldstart, ${by}`;
      const result = await coldStart(docs, model, { simulated: false, generatedBy });
      if (!result.ok) return refused(`the generated bank is not valid:\n\n${bullets(result.problems)}\n\n`);
      const cases = await draftGapCases(uncoveredClauses(docs, result.skills), model, {
        now: isoSeconds(input.now()),
        simulated: false,
        skills: result.skills,
      });
      const writes = [
        ...result.files.map((f) => ({ path: `${config.bank}/${f.path}`, bytes: f.bytes })),
        ...poolFiles(cases, config.pool).map((f) => ({ path: f.path, bytes: f.bytes })),
      ];
      return { skills: result.skills, writes, cases, by };
    });
    return made ?? refused(`${NO_MODEL}.`);
  } catch (e) {
    if (e instanceof PolicyInputError) return refused(`${e.message}.`);
    if (e instanceof ColdStartModelError) return refused(`the model failed: ${e.message}.`);
    throw e;
  }
}

const bullets = (items: readonly string[]) => items.map((p) => `- ${p.replace(/@/g, "@\u200b")}`).join("\n");

export async function openColdstartPr(
  input: ColdstartPrInput,
  opts: { force: boolean; sender: string; issue: number },
): Promise<string> {
  const { repo, git, config } = input;
  if (config.policy.length === 0)
    return refused(
      "`.github/skillops.yml` names no policy documents; add `policy:` with their paths (Markdown files or folders).",
    );
  const { open } = await openDraftPull(input, COLDSTART_BRANCH);
  if (open)
    return refused(`the cold-start pull request #${open.number} is still open; merge or close it first.`);
  const defaultBranch = await repo.defaultBranch();
  const base = await fetchBranch({ ...git, branch: defaultBranch });
  const bank = await readTree({ gitdir: git.gitdir, ref: base, prefix: config.bank });
  const skillCount = bank.filter((f) => /(^|\/)SKILL\.md$/.test(f.path)).length;
  if (skillCount > 0 && !opts.force)
    return refused(
      `\`${config.bank}/\` already holds ${skillCount} skill(s); \`/skillops coldstart --force\` proposes a bank that replaces it.`,
    );
  const files = await readPolicyFiles(git.gitdir, base, config.policy);
  if (files.length === 0)
    return refused(
      `no Markdown file on \`${defaultBranch}\` is under \`policy:\` (${config.policy.join(", ")}).`,
    );
  const made = await generate(input, files);
  if (typeof made === "string") return made;
  // --force replaces the bank: its files are deleted in the same commit.
  const keep = new Set(made.writes.map((w) => w.path));
  const deletes = bank
    .map((f) => `${config.bank}/${f.path}`)
    .filter((p) => !keep.has(p))
    .map((path) => ({ path, bytes: null }));
  const title = `skillops: cold-start skill bank from ${files.length} policy document(s)`;
  const outcome = await openDraftPr(input, {
    branch: COLDSTART_BRANCH,
    base: { branch: defaultBranch, sha: base },
    writes: [...made.writes, ...deletes],
    title,
    body: renderColdstartBody({ ...made, files: files.map((f) => f.path), ...opts, config }),
    message: `${title}\n\nRequested by @${opts.sender} in #${opts.issue}.`,
  });
  if (!outcome.ok) return refused(`${outcome.reason}.`);
  return `Opened #${outcome.pullRequest}: ${made.skills.length} skill(s) and ${made.cases.length} draft case(s) for review.`;
}

function renderColdstartBody(r: Generated & { files: string[]; sender: string; config: Config }): string {
  return [
    renderMarker(COLDSTART_MARKER, {
      v: 1,
      skills: r.skills.map((s) => s.name),
    }),
    "## 🌱 Cold start: a first skill bank from policy",
    "",
    `Requested by @\u200b${r.sender}. Written by the ${r.by} from ${r.files.map((f) => `\`${f}\``).join(", ")} (docs/coldstart.md).`,
    "",
    `### Skills in \`${r.config.bank}/\``,
    "",
    "| skill | policy back-links |",
    "|---|---|",
    ...r.skills.map((s) => `| \`${s.name}\` | ${s.policy.map((p) => `\`${p}\``).join(", ")} |`),
    "",
    `### Draft cases in \`${r.config.pool}/\` (clauses no skill covers)`,
    "",
    ...(r.cases.length
      ? r.cases.map((c) => `- \`${c.category}/${c.id}.yml\` ← \`${c.provenance.policy ?? ""}\``)
      : ["None: every clause is covered."]),
    "",
    "Each case is a **draft** (`provenance.draft: true`): eval and evolve skip it until a maintainer reviews it and removes `draft` (setting `acceptedBy`) in this PR. Review the skills, then merge.",
  ].join("\n");
}
