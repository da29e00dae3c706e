// The model-backed strategist (SkillEvolver §3.2.1): renders strategist.ts's prompt, asks for the
// structured answer, and checks it (strategist-answer.ts); a failure is a value, as roles.ts asks.
import type { Model } from "../../llm/model.js";
import type { Strategist } from "../../llm/roles.js";
import {
  renderStrategistPrompt,
  STRATEGIST_SCHEMA_NAME,
  StrategistAnswer,
} from "../../llm/prompts/strategist.js";
import { checkedStrategies } from "./strategist-answer.js";

export function modelStrategist(model: Model): Strategist {
  return {
    async write({ k, skills, tasks, weakSpots, refused }) {
      const r = await model.structured({
        role: "strategist",
        schema: StrategistAnswer,
        schemaName: STRATEGIST_SCHEMA_NAME,
        messages: renderStrategistPrompt({
          ...{ k, skills, tasks },
          ...(weakSpots ? { weakSpots } : {}),
          ...(refused ? { refused } : {}),
        }),
      });
      if (!r.ok) return { ok: false, failure: `${r.failure.kind}: ${r.failure.message}`, usage: r.usage };
      const checked = checkedStrategies(r.value.strategies, k);
      return checked.ok
        ? { ok: true, value: checked.value, usage: r.usage }
        : { ok: false, failure: checked.failure, usage: r.usage };
    },
  };
}
