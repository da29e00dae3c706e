// The simulated rewriter behind the endpoint: reads the SKILL.md, the plan and the anchor cases from
// the rendered rewriter prompt (src/core/llm/prompts/rewriter.ts), and in a repair round the audit's
// findings, and edits as the in-process role does
// (rewrite-in-world.ts), seeded by the world seed and the request.
import { AUDIT_FINDINGS_LABEL, type RewriterAnswer } from "../../core/llm/prompts/rewriter.js";
import { deriveRng } from "../../vocabulary/rng.js";
import { rewriteInWorld } from "../rewrite-in-world.js";
import { userText, type ChatRequestBody } from "./chat-request.js";
import { requestDigest } from "./completion.js";
import { readQuotedBlocks } from "./quoted-blocks.js";
import type { WorldIndex } from "../world-index.js";

export function answerRewriter(index: WorldIndex, body: ChatRequestBody): RewriterAnswer {
  const blocks = readQuotedBlocks(userText(body));
  let name = "";
  let source = "";
  let plan = "";
  const anchorIds: string[] = [];
  let flagged = "";
  for (const b of blocks) {
    if (b.label === AUDIT_FINDINGS_LABEL) flagged = b.text;
    const current = /^Current SKILL\.md of (\S+)$/.exec(b.label);
    if (current) [name, source] = [current[1]!, b.text];
    if (b.label === "Plan") plan = b.text;
    const anchor = /^Anchor case (\S+) \[/.exec(b.label);
    if (anchor) anchorIds.push(anchor[1]!);
  }
  const rng = deriveRng(index.world.seed, `endpoint-rewriter:${requestDigest(body)}`);
  const out = rewriteInWorld(
    index.world,
    { name, source, plan, anchorIds, ...(flagged ? { flagged } : {}) },
    rng,
  );
  return { skill_md: out.source, summary: out.summary };
}
