// The simulated strategist behind the endpoint: reads K and the listed skills from the rendered
// strategist prompt (src/core/llm/prompts/strategist.ts) and writes as the in-process role does
// (write-strategies.ts), seeded by the request; aimed at the weak spots the prompt lists, if any.
import {
  STRATEGIST_SKILLS_LABEL,
  WEAK_SPOTS_LABEL,
  type StrategistAnswer,
} from "../../core/llm/prompts/strategist.js";
import type { WeakSpot } from "../../records/weak-spot.js";
import { createRng } from "../../vocabulary/rng.js";
import { deriveSeed } from "../../vocabulary/rng.js";
import { writeStrategiesInWorld } from "../write-strategies.js";
import { textOf, userText, type ChatRequestBody } from "./chat-request.js";
import { requestDigest } from "./completion.js";
import { readQuotedBlocks } from "./quoted-blocks.js";

export function answerStrategist(body: ChatRequestBody): StrategistAnswer {
  const system = body.messages.find((m) => m.role === "system");
  const k = Number(/Write exactly (\d+) strategies/.exec(system ? textOf(system) : "")?.[1] ?? 0);
  const blocks = readQuotedBlocks(userText(body));
  const block = blocks.find((b) => b.label === STRATEGIST_SKILLS_LABEL);
  const skills = [...(block?.text ?? "").matchAll(/^- ([A-Za-z0-9][A-Za-z0-9_.-]*): /gm)].map((m) => m[1]!);
  const spots = weakSpotsRead(blocks.find((b) => b.label === WEAK_SPOTS_LABEL)?.text ?? "");
  const rng = createRng(deriveSeed(0, `endpoint-strategist:${requestDigest(body)}`));
  return { strategies: writeStrategiesInWorld(skills, k, rng, spots) };
}

/** The weak spots back from their quoted lines (weakSpotLines): `- category: F of N; a, b`. */
function weakSpotsRead(text: string): WeakSpot[] {
  return [...text.matchAll(/^- (.+): (\d+) of (\d+); ?(.*)$/gm)].map((m) => ({
    category: m[1]!,
    failing: Number(m[2]),
    of: Number(m[3]),
    skills: m[4] ? m[4].split(", ") : [],
  }));
}
