// A real Claude Code session transcript names the skills it loaded: a `Skill` tool use (by `skill`
// or, in older versions, `command`) or a `Read` of a …/<skill>/SKILL.md. The record's `skills`
// carry them, so a case drafted from the session exercises those skills instead of none.
import { describe, expect, it } from "vitest";
import { claudeCodeTraces } from "../../src/core/evaluate/claude-code-transcript.js";

const SESSION = "4f6c2a1e-9b7d-4c1a-8e3f-2d5b6a7c8e90";
const base = { sessionId: SESSION, cwd: "/home/dev/shop", version: "2.1.197", gitBranch: "main" };
const entry = (o: Record<string, unknown>, i: number) =>
  JSON.stringify({ ...base, uuid: `u${i}`, timestamp: `2026-12-01T10:00:0${i}Z`, ...o });
const assistant = (id: string, content: unknown[]) => ({
  type: "assistant",
  message: {
    id,
    role: "assistant",
    model: "claude-sonnet-4-5",
    content,
    usage: { input_tokens: 10, output_tokens: 5 },
  },
});
const result = (id: string, text: string) => ({
  type: "user",
  message: { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: text }] },
});

const TRANSCRIPT = [
  { type: "user", message: { role: "user", content: "Refund order 1182 if the policy allows it." } },
  assistant("msg_1", [
    { type: "text", text: "I'll check the refund policy skill." },
    { type: "tool_use", id: "toolu_1", name: "Skill", input: { skill: "refund-policy" } },
  ]),
  result("toolu_1", "Launching skill: refund-policy"),
  {
    type: "user",
    isMeta: true,
    message: {
      role: "user",
      content: [
        {
          type: "text",
          text: "Base directory for this skill: /home/dev/.claude/skills/refund-policy\n\n# Refund policy\n…",
        },
      ],
    },
  },
  assistant("msg_2", [
    {
      type: "tool_use",
      id: "toolu_2",
      name: "Read",
      input: { file_path: "/home/dev/.claude/skills/order-lookup/SKILL.md" },
    },
  ]),
  result("toolu_2", "---\nname: order-lookup\n---\nLook orders up with scripts/find.sh"),
  assistant("msg_3", [
    { type: "tool_use", id: "toolu_3", name: "Skill", input: { command: "refund-policy" } },
  ]),
  result("toolu_3", "Launching skill: refund-policy"),
  assistant("msg_4", [
    { type: "tool_use", id: "toolu_4", name: "Read", input: { file_path: "/home/dev/shop/README.md" } },
  ]),
  result("toolu_4", "# Shop"),
  assistant("msg_5", [{ type: "text", text: "Order 1182 is refundable: refunded." }]),
]
  .map(entry)
  .join("\n");

describe("Claude Code transcripts: the skills the session loaded", () => {
  it("a Skill tool use (skill or command) or a Read of …/<skill>/SKILL.md names the skill, once each", () => {
    const got = claudeCodeTraces(TRANSCRIPT, "session.jsonl", 200_000);
    if (!got.ok) throw new Error(got.problems.join("\n"));
    const record = got.traces[0]!.record;
    expect(record.case).toBe(SESSION);
    expect(record.skills).toEqual(["refund-policy", "order-lookup"]);
    expect(record.events.filter((e) => e.type === "skill-loaded").map((e) => e.skill)).toEqual([
      "refund-policy",
      "order-lookup",
      "refund-policy",
    ]);
  });
});
