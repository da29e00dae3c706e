// The simulated segmenter: one segment per `##` section (with its `###` subsections), its
// numbered and bulleted lines as the steps; without `##` headings, one per heading of the
// shallowest level. Deterministic, and it needs no world: it reads only the quoted policy.
import { readHeadings, sectionLines } from "../../core/bank/policy-headings.js";
import {
  SEGMENTER_LABEL,
  type PolicySegment,
  type SegmenterAnswer,
} from "../../core/llm/prompts/segmenter.js";
import { userText, type ChatRequestBody } from "./chat-request.js";
import { FeedbackInputError } from "./feedback-input.js";
import { readQuotedBlocks } from "./quoted-blocks.js";

const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(.*\S)\s*$/;

function firstSentence(lines: readonly string[], title: string): string {
  const prose = lines.find((l) => l.trim() !== "" && !l.trim().startsWith("#") && !LIST_ITEM.test(l));
  const sentence = prose?.trim().split(/(?<=[.!?])\s/)[0] ?? "";
  return (sentence || `Handle ${title.toLowerCase()} as the policy describes.`).slice(0, 1000);
}

export function segmentByHeadings(text: string): PolicySegment[] {
  const lines = text.split(/\r?\n/);
  const headings = readHeadings(text);
  const level = headings.some((h) => h.level === 2) ? 2 : Math.min(...headings.map((h) => h.level));
  return headings
    .filter((h) => h.level === level)
    .map((h) => {
      const [start, end] = sectionLines(headings, h, lines.length);
      const body = lines.slice(start + 1, end);
      const inner = headings.filter((o) => o.line > start && o.line < end);
      const items = body.map((l) => LIST_ITEM.exec(l)?.[1]).filter((s): s is string => s !== undefined);
      const prose = body.filter((l) => l.trim() !== "" && !l.trim().startsWith("#"));
      const steps = (items.length ? items : prose.map((l) => l.trim())).map((s) => s.slice(0, 2000));
      return {
        title: h.text.slice(0, 200),
        activity: firstSentence(body, h.text),
        steps: steps.length ? steps : [`Follow the policy section "${h.text}".`],
        headings: [h.text, ...inner.map((o) => o.text)].map((t) => t.slice(0, 300)),
      };
    });
}

export function answerSegmenter(body: ChatRequestBody): SegmenterAnswer {
  const block = readQuotedBlocks(userText(body)).find((b) => b.label.startsWith(SEGMENTER_LABEL));
  if (!block) throw new FeedbackInputError("the segmenter request quotes no policy document");
  const segments = segmentByHeadings(block.text);
  if (!segments.length) throw new FeedbackInputError("the quoted policy document has no headings");
  return { segments };
}
