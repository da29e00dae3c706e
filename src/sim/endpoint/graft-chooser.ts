// The simulated rewriter's graft choice behind the endpoint: reads the failing cases and the numbered
// offers back from the rendered prompt (src/core/llm/prompts/graft-chooser.ts) and chooses as the
// in-process role does (graft-in-world.ts).
import type { GraftAnswer } from "../../core/llm/prompts/graft-chooser.js";
import { chooseGraftInWorld } from "../graft-in-world.js";
import { userText, type ChatRequestBody } from "./chat-request.js";
import { readQuotedBlocks } from "./quoted-blocks.js";
import type { WorldIndex } from "../world-index.js";

export function answerGraftChooser(index: WorldIndex, body: ChatRequestBody): GraftAnswer {
  const offers: { n: number; donor: string; text: string }[] = [];
  const failingIds: string[] = [];
  for (const b of readQuotedBlocks(userText(body))) {
    const offer = /^Offer (\d+): section .* from version (\S+)$/.exec(b.label);
    if (offer) offers.push({ n: Number(offer[1]), donor: offer[2]!, text: b.text });
    const failing = /^Failing case (\S+) \[/.exec(b.label);
    if (failing) failingIds.push(failing[1]!);
  }
  offers.sort((a, b) => a.n - b.n);
  const choice = chooseGraftInWorld(index.world, { offers, failingIds });
  return { offer: choice.offer ?? 0, reason: choice.reason };
}
