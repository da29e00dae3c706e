// The simulated agent behind the endpoint, an Agent Skills client: it sees only the skill names and
// descriptions in the system prompt, loads with `load_skill` the skills it judges relevant
// (agent-reading.ts) — the rule's home skill by the sections it needs (`section`; loaded whole if
// none exists), any other whole — reads the listed input files, then answers. It
// passes as the in-process one of the tests does (test/support/sim-roles/agent.ts), but judged on what it loaded: the rule's clause present and its
// decoy absent (or the case's memorised answer present, leak.ts; a deceptive world's shortcut,
// rule-holds.ts) → p_hit, else p_miss. The draw is seeded by the world seed, the case, the whole
// conversation and the request's sampling `seed` (the reference agent's run index), as a model that
// honours `seed` samples: an identical request with the same seed gets the identical answer, and the
// n runs of a case (seeds 0…n−1) are independent draws. An over-budget world's context limit holds
// here too: it never loads a listed skill past the limit (context-limit.ts); and a tools world's
// defect rule is answered by running its script, which must be the patched one (agent-tool-run.ts). A world with `seedHonoured: false` is a
// sampled model instead: every call is a fresh draw, so only the memo reuses an answer.
import { deriveRng } from "../../vocabulary/rng.js";
import { textOf, type ChatRequestBody } from "./chat-request.js";
import type { SimAnswer, SimToolCall } from "./completion.js";
import { requestDigest } from "./completion.js";
import { readRule, readingKey } from "../rule-holds.js";
import { sectionsToRead, skillsToRead, type ListedSkill } from "../agent-reading.js";
import { readStrategy, splitStrategy, strategySkills } from "../strategy-reading.js";
import { caseOfPrompt, type WorldIndex } from "../world-index.js";
import { listedWithinContext } from "../context-limit.js";
import { toolRunTurn, toolVerdict } from "./agent-tool-run.js";

/** The `- name: description` lines of the reference agent's system prompt (src/core/llm/prompts/agent.ts). */
export function listedSkills(system: string): ListedSkill[] {
  return [...system.matchAll(/^- ([A-Za-z0-9][A-Za-z0-9_.-]*): (.*)$/gm)].map((m) => ({
    name: m[1]!,
    description: m[2]!,
  }));
}

export function firstTurn(index: WorldIndex, body: ChatRequestBody, prompt: string): SimAnswer | undefined {
  const system = body.messages.find((m) => m.role === "system");
  // A SkillEvolver strategy after the task changes what it loads and reads, as its text says.
  const { task, strategy } = splitStrategy(prompt);
  const reading = readStrategy(strategy);
  const rule = caseOfPrompt(index, task)?.rule;
  // An over-budget world: the skills past the agent's context limit are never seen (context-limit.ts).
  const listed = listedWithinContext(index.world, listedSkills(system ? textOf(system) : ""));
  const plain = skillsToRead(rule, task, listed);
  const loads = strategySkills(
    reading,
    plain,
    listed.map((s) => s.name),
  );
  const files = /\n\nInput files: (.+)$/.exec(task)?.[1]?.split(", ") ?? [];
  const calls: SimToolCall[] = [
    ...loads.flatMap((name) => {
      const sections = reading.thorough ? undefined : sectionsToRead(index.world, rule, name);
      return sections
        ? sections.map((section) => ({ name: "load_skill", arguments: { name, section } }))
        : [{ name: "load_skill", arguments: { name } }];
    }),
    ...files.map((path) => ({ name: "read_file", arguments: { path } })),
  ];
  return calls.length ? { toolCalls: calls } : undefined;
}

/** The bodies of the skills the conversation loaded: the tool results that answer `load_skill` calls. */
export function loadedText(body: ChatRequestBody): string {
  const loadIds = new Set(
    body.messages.flatMap((m) =>
      (m.tool_calls ?? []).filter((t) => t.function.name === "load_skill").map((t) => t.id),
    ),
  );
  return body.messages
    .filter((m) => m.role === "tool" && loadIds.has(m.tool_call_id ?? ""))
    .map(textOf)
    .join("\n");
}

function loadArgs(text: string): { name: string; section?: string } {
  try {
    const a = JSON.parse(text) as { name?: unknown; section?: unknown };
    return { name: String(a.name), ...(typeof a.section === "string" ? { section: a.section } : {}) };
  } catch {
    return { name: "" };
  }
}

/** A skill none of whose asked-for sections exist (every section load was an error): load it whole, once. */
function wholeSkillRetry(body: ChatRequestBody): SimAnswer | undefined {
  const calls = body.messages.flatMap((m) =>
    (m.tool_calls ?? []).filter((t) => t.function.name === "load_skill"),
  );
  const replies = new Map(
    body.messages.filter((m) => m.role === "tool").map((m) => [m.tool_call_id, textOf(m)]),
  );
  const args = calls.map((c) => ({ id: c.id, a: loadArgs(c.function.arguments) }));
  const whole = new Set(args.filter((x) => x.a.section === undefined).map((x) => x.a.name));
  const read = new Set(args.filter((x) => !replies.get(x.id)?.startsWith("error:")).map((x) => x.a.name));
  const missing = [...new Set(args.map((x) => x.a.name))].filter((n) => !read.has(n) && !whole.has(n));
  if (missing.length === 0) return undefined;
  return { toolCalls: missing.map((name) => ({ name: "load_skill", arguments: { name } })) };
}

/**
 * How often an endpoint has answered each exact agent request (case, seed, conversation): on a world
 * with `seedHonoured: false` the count is part of the draw, so a repeated request is a fresh sample
 * while the whole run stays reproducible (the count does not depend on how other requests interleave).
 */
export type AgentCallCounts = Map<string, number>;

/** Counts for callers that bring none (one per world object). */
const fallbackCounts = new WeakMap<object, AgentCallCounts>();

function freshDrawSuffix(index: WorldIndex, key: string, counts: AgentCallCounts | undefined): string {
  if (index.world.params.seedHonoured !== false) return "";
  let map = counts ?? fallbackCounts.get(index.world);
  if (!map) fallbackCounts.set(index.world, (map = new Map()));
  const n = map.get(key) ?? 0;
  map.set(key, n + 1);
  return `:call${n}`;
}

export function answerAgent(index: WorldIndex, body: ChatRequestBody, counts?: AgentCallCounts): SimAnswer {
  const user = body.messages.find((m) => m.role === "user");
  const prompt = user ? textOf(user) : "";
  const found = caseOfPrompt(index, prompt);
  if (!found) return { content: JSON.stringify({ verdict: "unknown" }) };
  const { rule } = found;
  if (!body.messages.some((m) => m.role === "assistant")) {
    const first = firstTurn(index, body, prompt);
    if (first) return first;
  }
  const retry = wholeSkillRetry(body);
  if (retry) return retry;
  const text = loadedText(body);
  const run = toolRunTurn(index.world, rule, body, text);
  if (run) return run;
  const tool = toolVerdict(index.world, rule, body);
  const params = index.world.params;
  const reading = readRule(index.world, rule, found.case, text);
  const hasDecoy = reading.hasDecoy;
  const p = reading.hit && tool !== "defective" ? (params.pHit[rule.category] ?? 0.7) : params.pMiss;
  const key = `endpoint-agent:${found.case.id}:${body.seed ?? 0}:${requestDigest(body)}:${readingKey(reading)}${tool === "none" ? "" : `:${tool}`}`;
  const draw = deriveRng(index.world.seed, `${key}${freshDrawSuffix(index, key, counts)}`).next();
  const verdict =
    draw < p ? `report-${rule.words[2]}` : hasDecoy ? `no-report-${rule.words[2]}` : "no-finding";
  return { content: JSON.stringify({ verdict }) };
}
