// The simulated skill writer: the SKILL.md written straight from the segment (its title, activity
// and steps), tags from the title's words, refs to the siblings whose title the policy text names.
// Deterministic, and it needs no world: it reads only the quoted segment.
import { z } from "zod";
import { PolicySegment } from "../../core/llm/prompts/segmenter.js";
import { SKILL_WRITER_LABELS, type SkillWriterAnswer } from "../../core/llm/prompts/skill-writer.js";
import { userText, type ChatRequestBody } from "./chat-request.js";
import { FeedbackInputError } from "./feedback-input.js";
import { readQuotedBlocks } from "./quoted-blocks.js";

const QuotedSegment = PolicySegment.extend({ file: z.string(), suggestedName: z.string() });
const Siblings = z.array(z.object({ name: z.string(), title: z.string() }));
const STOP = new Set(["and", "or", "the", "a", "an", "of", "to", "for", "in", "on", "with"]);

function readJson<T>(blocks: ReturnType<typeof readQuotedBlocks>, label: string, schema: z.ZodType<T>): T {
  const text = blocks.find((b) => b.label === label)?.text;
  if (text === undefined) throw new FeedbackInputError(`the skill writer request quotes no ${label} block`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new FeedbackInputError(`the ${label} block is not JSON: ${(e as Error).message}`);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new FeedbackInputError(`the ${label} block is malformed: ${parsed.error.message}`);
  return parsed.data;
}

export function answerSkillWriter(body: ChatRequestBody): SkillWriterAnswer {
  const blocks = readQuotedBlocks(userText(body));
  const segment = readJson(blocks, SKILL_WRITER_LABELS.segment, QuotedSegment);
  const siblings = readJson(blocks, SKILL_WRITER_LABELS.siblings, Siblings);
  const source = (blocks.find((b) => b.label === SKILL_WRITER_LABELS.source)?.text ?? "").toLowerCase();
  const tags = [...new Set(segment.title.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter(
    (w) => w.length > 1 && !STOP.has(w),
  );
  const refs = siblings
    .filter((s) => s.name !== segment.suggestedName && source.includes(s.title.toLowerCase()))
    .map((s) => s.name);
  const steps = segment.steps.map((s, i) => `${i + 1}. ${s}`).join("\n");
  const description =
    `${segment.activity} Use when a request involves ${segment.title.toLowerCase()} ` +
    `(policy section "${segment.title}" of ${segment.file}).`;
  return {
    name: segment.suggestedName,
    description: description.slice(0, 1024),
    body: `# ${segment.title}\n\n${segment.activity}\n\n## Steps\n${steps}\n`,
    tags: tags.slice(0, 12),
    refs: refs.slice(0, 12),
  };
}
