// The simulated tool-smith behind the endpoint: reads the tool, the operation (or the plan's first
// word when the request names none) and the callers from the rendered prompt
// (src/core/llm/prompts/tool-smith.ts), and answers as the in-process role does (tool-smith-in-world.ts).
import { TOOL_OP_KINDS, type ToolOp, type ToolOpKind } from "../../records/tool-op.js";
import type { ToolSmithAnswer } from "../../core/llm/prompts/tool-smith.js";
import { toolSmithInWorld } from "../tool-smith-in-world.js";
import { userText, type ChatRequestBody } from "./chat-request.js";
import { FeedbackInputError } from "./feedback-input.js";
import { readQuotedBlocks } from "./quoted-blocks.js";
import type { WorldIndex } from "../world-index.js";

export function answerToolSmith(index: WorldIndex, body: ChatRequestBody): ToolSmithAnswer {
  const text = userText(body);
  const tool = /^Tool: (\S+)$/m.exec(text)?.[1] ?? "";
  const blocks = readQuotedBlocks(text);
  const plan = blocks.find((b) => b.label === "Plan")?.text ?? "";
  const callers = blocks.flatMap((b) => {
    const m = /^Caller (\S+)$/.exec(b.label);
    return m ? [{ path: m[1]!, text: b.text }] : [];
  });
  const kind = kindOf(/^Operation: (\S+)/m.exec(text)?.[1]) ?? kindOf(/^(\w+):/.exec(plan)?.[1]);
  if (!kind) throw new FeedbackInputError(`the simulated tool-smith found no operation for ${tool}`);
  const op = opOf(index, kind, tool, callers);
  const bundle = toolSmithInWorld(index.world, { tool, op, callers });
  if (typeof bundle === "string") throw new FeedbackInputError(bundle);
  const o = bundle.op;
  return {
    kind: o.kind,
    tool: o.tool,
    from: o.kind === "retype" ? o.from : [],
    to: o.kind === "retype" ? o.to : [],
    callers: o.kind === "patch" ? [] : o.callers,
    files: bundle.files.map((f) => ({ path: f.path, content: f.content ?? "", deleted: f.content === null })),
    summary: bundle.summary,
  };
}

function kindOf(word: string | undefined): ToolOpKind | undefined {
  return TOOL_OP_KINDS.find((k) => k === word);
}

function opOf(
  index: WorldIndex,
  kind: ToolOpKind,
  tool: string,
  callers: { path: string; text: string }[],
): ToolOp {
  if (kind === "patch") return { kind, tool };
  const paragraph = index.world.tools?.procedures.find((p) => p.tool === tool)?.paragraph;
  const names = callers
    .filter((c) => c.path.endsWith("/SKILL.md") && (paragraph === undefined || c.text.includes(paragraph)))
    .map((c) => c.path.slice(0, -"/SKILL.md".length).split("/").pop()!);
  return kind === "retype"
    ? { kind, tool, from: [], to: [], callers: names }
    : { kind, tool, callers: names };
}
