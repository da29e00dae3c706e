// The model-backed tool-smith: render the prompt, ask for the flat strict answer, and turn it into
// a typed ToolBundle. An answer whose operation does not parse is a recorded failure, as roles.ts asks.
import { scriptInterface, formatInterface } from "../../bank/script-interface.js";
import type { Model, ModelFailure } from "../../llm/model.js";
import type { Tokens } from "../../../records/tokens.js";
import {
  renderToolSmithPrompt,
  TOOL_SMITH_SCHEMA_NAME,
  ToolSmithAnswer,
} from "../../llm/prompts/tool-smith.js";
import type { RoleResult, ToolSmith } from "../../llm/roles.js";
import { ToolOp } from "../../../records/tool-op.js";

export function modelToolSmith(model: Model): ToolSmith {
  return {
    async carryOut({ tool, plan, op, source, callers }) {
      const r = await model.structured({
        role: "tool-smith",
        schema: ToolSmithAnswer,
        schemaName: TOOL_SMITH_SCHEMA_NAME,
        messages: renderToolSmithPrompt({
          tool,
          plan,
          callers,
          ...(op ? { op: describeOp(op) } : {}),
          ...(source !== undefined
            ? { source, signature: formatInterface(tool, scriptInterface(tool, source)) }
            : {}),
        }),
      });
      if (!r.ok) return failed(r);
      const a = r.value;
      const parsed = ToolOp.safeParse(
        a.kind === "patch"
          ? { kind: a.kind, tool: a.tool }
          : a.kind === "retype"
            ? { kind: a.kind, tool: a.tool, from: a.from, to: a.to, callers: a.callers }
            : { kind: a.kind, tool: a.tool, callers: a.callers },
      );
      if (!parsed.success)
        return {
          ok: false,
          failure: `invalid tool operation: ${parsed.error.issues[0]?.message}`,
          usage: r.usage,
        };
      const files = a.files.map((f) => ({ path: f.path, content: f.deleted ? null : f.content }));
      return { ok: true, value: { op: parsed.data, files, summary: a.summary.trim() }, usage: r.usage };
    },
  };
}

function describeOp(op: ToolOp): string {
  if (op.kind === "retype") return `retype (${op.from.join(" ")} → ${op.to.join(" ")})`;
  if (op.kind === "patch") return "patch (keep the arguments)";
  return `${op.kind} (callers: ${op.callers.join(", ")})`;
}

function failed(r: { failure: ModelFailure; usage: Tokens }): RoleResult<never> {
  return { ok: false, failure: `${r.failure.kind}: ${r.failure.message}`, usage: r.usage };
}
