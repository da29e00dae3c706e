// The endpoint agent and a tools world's defects (docs/simulated-world.md "Tool defects"): a rule that
// lives in a tool is answered by running it. Once the agent has read the skill line that names the
// script, it calls `run_script` on the case's record (tool-world.ts `RECORD_FILE`), and the reference
// agent really runs the bank's script; the patched one prints `ok`, the shipped one `mismatch`. So the
// defect holds at the endpoint as in the in-process agent: the rule passes only with the patched tool.
import { textOf, type ChatRequestBody } from "./chat-request.js";
import type { SimAnswer } from "./completion.js";
import { RECORD_FILE } from "../tool-world.js";
import type { Rule, World, WorldToolDefect } from "../world.js";

/** What the run said: `none` when the rule needs no tool (or the world predates tool records). */
export type ToolVerdict = "none" | "fixed" | "defective";

function defectOf(world: World, rule: Rule): WorldToolDefect | undefined {
  const d = world.tools?.defects.find((x) => x.rules.includes(rule.id));
  return d?.record === undefined ? undefined : d;
}

function where(d: WorldToolDefect): { skill: string; script: string } {
  const at = d.path.indexOf("/scripts/");
  return { skill: d.path.slice(0, at), script: d.path.slice(at + 1) };
}

/** The `run_script` results of the conversation so far. */
function scriptResults(body: ChatRequestBody): string[] {
  const ids = new Set(
    body.messages.flatMap((m) =>
      (m.tool_calls ?? []).filter((t) => t.function.name === "run_script").map((t) => t.id),
    ),
  );
  return body.messages.filter((m) => m.role === "tool" && ids.has(m.tool_call_id ?? "")).map(textOf);
}

/** The turn that runs the rule's tool: its skill line was read and it has not run yet. */
export function toolRunTurn(
  world: World,
  rule: Rule,
  body: ChatRequestBody,
  loaded: string,
): SimAnswer | undefined {
  const d = defectOf(world, rule);
  if (!d || scriptResults(body).length > 0) return undefined;
  const { skill, script } = where(d);
  if (!loaded.includes(script)) return undefined;
  return {
    toolCalls: [{ name: "run_script", arguments: { skill, script, args: ["--record", RECORD_FILE] } }],
  };
}

/** Whether the tool's run said the record is fine; a rule whose tool never ran cannot be answered. */
export function toolVerdict(world: World, rule: Rule, body: ChatRequestBody): ToolVerdict {
  if (!defectOf(world, rule)) return "none";
  return scriptResults(body).some((r) => /^stdout:\nok$/m.test(r)) ? "fixed" : "defective";
}
