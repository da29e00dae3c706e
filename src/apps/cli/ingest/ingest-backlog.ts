// skillops ingest --backlog FILE [--out CASES_DIR] [--knowledge DIR] [--accept] [--model sim|openai]
// One-time triage of past feedback (docs/backlog.md): every item through the classifier and the
// converter; executable ones become cases, advice becomes knowledge.md entries. All or nothing:
// when any item is malformed or fails to convert, nothing is written and every failure is named.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { appendKnowledge } from "../../../core/bank/knowledge.js";
import type { Case } from "../../../records/case.js";
import type { Config } from "../../../core/config/config.js";
import { backlogFormatOf, parseBacklog } from "../../../core/feedback/backlog.js";
import { triageBacklog, type TriageOutcome } from "../../../core/feedback/backlog-triage.js";
import { createModelConverter } from "../../../core/feedback/model-converter.js";
import { writeCase } from "../../../io/fsio/pool-store.js";
import { writeFolder } from "../../../io/fsio/write-folder.js";
import { isoSeconds, systemClock } from "../../../vocabulary/clock.js";
import { withChannelModel } from "./channel-model.js";
import { colours, UsageError, type CliIo } from "../context.js";
import { reportChannelFailure } from "./channel-failure.js";

export interface ChannelFlags {
  out?: string;
  knowledge?: string;
  accept?: boolean;
  /** With --traces: open feedback issues instead of writing case files. */
  issues?: boolean;
  model: string;
}

/** Draft knowledge never goes into the bank, where the agent would read it at once. */
export const DRAFT_KNOWLEDGE_DIR = "knowledge-drafts";

/** Who accepts with --accept: the maintainer running the command locally. */
export function localMaintainer(io: CliIo): string {
  return io.env.GITHUB_ACTOR ?? io.env.USER ?? io.env.USERNAME ?? "local-maintainer";
}

async function writeKnowledge(
  dir: string,
  items: readonly Extract<TriageOutcome, { kind: "knowledge" }>[],
): Promise<number> {
  let written = 0;
  const bySkill = new Map<string, typeof items>();
  for (const i of items) bySkill.set(i.skill, [...(bySkill.get(i.skill) ?? []), i]);
  for (const [skill, list] of bySkill) {
    const path = resolve(dir, skill, "knowledge.md");
    const existing = await readFile(path, "utf8").catch(() => undefined);
    // Re-running the same backlog adds nothing: an entry whose text is already there is skipped.
    const fresh = list.map((i) => i.entry).filter((e) => !existing?.includes(e.text.trim()));
    if (fresh.length === 0) continue;
    const text = appendKnowledge(existing, skill, fresh);
    await writeFolder(dir, [{ path: `${skill}/knowledge.md`, bytes: new TextEncoder().encode(text) }]);
    written += fresh.length;
  }
  return written;
}

function printSummary(io: CliIo, outcomes: readonly TriageOutcome[]) {
  const c = colours(io);
  for (const o of outcomes)
    io.stdout(
      o.kind === "case"
        ? `line ${o.line}\tcase ${o.case.id} (${o.case.category})\n`
        : o.kind === "knowledge"
          ? `line ${o.line}\tknowledge for ${o.skill}\n`
          : `line ${o.line}\t${c.red("failed")}: ${o.reason}\n`,
    );
}

/** The items, or the problems that stop the batch before any model call. */
async function readItems(io: CliIo, file: string, config: Config) {
  const format = backlogFormatOf(file);
  if (!format)
    throw new UsageError(`--backlog ${file}: name a .jsonl or .md file (the format follows the name)`);
  const text = await readFile(resolve(io.cwd, file), "utf8").catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(`--backlog ${file}: cannot read it (${e.code ?? e.message})`);
  });
  return parseBacklog(text, file, {
    format,
    maxChars: config.feedback.maxBodyChars,
    categories: config.categories,
  });
}

type Advice = Extract<TriageOutcome, { kind: "knowledge" }>;

/** Writes the cases and the knowledge entries (only once every item converted). */
async function writeOutcomes(
  io: CliIo,
  outcomes: TriageOutcome[],
  where: { out: string; knowledgeDir: string },
) {
  const cases = outcomes.flatMap((o): Case[] => (o.kind === "case" ? [o.case] : []));
  for (const c of cases) await writeCase(resolve(io.cwd, where.out), c);
  const advice = outcomes.filter((o): o is Advice => o.kind === "knowledge");
  const written = await writeKnowledge(resolve(io.cwd, where.knowledgeDir), advice);
  return { cases: cases.length, knowledge: advice.length, knowledgeWritten: written };
}

export async function runIngestBacklog(
  io: CliIo,
  file: string,
  flags: ChannelFlags,
  config: Config,
  json: boolean,
): Promise<number> {
  const fail = (problems: string[], outcomes?: TriageOutcome[]) =>
    reportChannelFailure(io, json, problems, outcomes);
  const parsed = await readItems(io, file, config);
  if (!parsed.ok) return fail(parsed.problems);
  const acceptedBy = flags.accept ? localMaintainer(io) : undefined;
  const { outcomes, simulated } = await withChannelModel(
    io,
    flags.model,
    config,
    async (model, simulated) => ({
      simulated,
      outcomes: await triageBacklog(parsed.items, createModelConverter(model), {
        file,
        now: isoSeconds(systemClock()),
        defaultCategory: config.categories[0]!,
        ...(acceptedBy ? { acceptedBy } : {}),
      }),
    }),
  );
  const failed = outcomes.filter((o) => o.kind === "failed");
  if (failed.length)
    return fail(
      failed.map((o) => `${file}:${o.line}: item "${o.title}" could not be converted: ${o.reason}`),
      outcomes,
    );
  const where = {
    out: flags.out ?? config.pool,
    knowledgeDir: flags.knowledge ?? (flags.accept ? config.bank : DRAFT_KNOWLEDGE_DIR),
  };
  const counts = await writeOutcomes(io, outcomes, where);
  const status = acceptedBy ? `accepted by ${acceptedBy}` : "drafts, not yet accepted";
  if (json)
    io.stdout(
      `${JSON.stringify({ ok: true, simulated, accepted: Boolean(acceptedBy), ...counts, ...where, outcomes }, null, 2)}\n`,
    );
  else {
    printSummary(io, outcomes);
    io.stdout(
      `${colours(io).green("ok")}: ${parsed.items.length} item(s): ${counts.cases} case(s) to ${where.out}, ${counts.knowledge} knowledge entr${counts.knowledge === 1 ? "y" : "ies"} to ${where.knowledgeDir} (${counts.knowledgeWritten} new); ${status}${simulated ? " (simulated model)" : ""}\n`,
    );
  }
  return 0;
}
