// The simulated agent of a kernel world (docs/kernel.md "The kernel world"): it loads skills and
// reads reference.py as the plain agent does (agent.ts), then writes one of the case's candidate
// ModelNew solutions as a python block. Which one depends on the skill text it loaded: the rule's
// decoy → the subtly wrong one; the rule's clause → correct with p_hit (else p_miss), fused when the
// text says to fuse; a miss is subtly wrong or, with the world's crash share, crashing. The draws are
// seeded as agent.ts seeds them, so the n runs of a case (sampling seeds 0…n−1) are independent.
import { deriveRng } from "../../vocabulary/rng.js";
import { chooseSolution, type SolutionKind } from "../kernel-world.js";
import { textOf, type ChatRequestBody } from "./chat-request.js";
import type { SimAnswer } from "./completion.js";
import { requestDigest } from "./completion.js";
import { firstTurn, loadedText } from "./agent.js";
import { caseOfPrompt, type WorldIndex } from "../world-index.js";

export interface KernelChoice {
  kind: SolutionKind;
  source: string;
}

/** The candidate the agent writes for this conversation, or undefined when the prompt is no kernel case. */
export function kernelChoice(index: WorldIndex, body: ChatRequestBody): KernelChoice | undefined {
  const kernel = index.world.kernel;
  const user = body.messages.find((m) => m.role === "user");
  const found = caseOfPrompt(index, user ? textOf(user) : "");
  if (!kernel || !found) return undefined;
  const solutions = kernel.solutions[found.case.id];
  if (!solutions)
    throw new Error(
      `the kernel world has no candidate solutions for case ${found.case.id} (the loader reads them from <category>/<id>/answers/)`,
    );
  const { rule } = found;
  const text = loadedText(body);
  const rng = deriveRng(
    index.world.seed,
    `endpoint-kernel-agent:${found.case.id}:${body.seed ?? 0}:${requestDigest(body)}`,
  );
  const kind = chooseSolution(
    {
      hasClause: text.includes(rule.clause),
      hasDecoy: text.includes(rule.decoy),
      fuses: text.toLowerCase().includes(kernel.fuseWord.toLowerCase()),
      pHit: index.world.params.pHit[rule.category] ?? 0.7,
      pMiss: index.world.params.pMiss,
      crashShare: kernel.crashShare,
    },
    { pass: rng.next(), crash: rng.next() },
  );
  return { kind, source: solutions[kind] };
}

export function answerKernelAgent(index: WorldIndex, body: ChatRequestBody): SimAnswer {
  const user = body.messages.find((m) => m.role === "user");
  const prompt = user ? textOf(user) : "";
  if (!body.messages.some((m) => m.role === "assistant")) {
    const first = firstTurn(index, body, prompt);
    if (first) return first;
  }
  const choice = kernelChoice(index, body);
  if (!choice) return { content: "I cannot tell which kernel task this is." };
  return {
    content: `Here is ModelNew (${choice.kind}).\n\n\`\`\`python\n${choice.source.trimEnd()}\n\`\`\``,
  };
}
