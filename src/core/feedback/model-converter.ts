// The model-backed converter: the classifier role decides case vs experiential, then the converter
// role writes the case. Both answers are zod-validated; a model failure is a recorded outcome.
import type { Model } from "../llm/model.js";
import type { Tokens } from "../../records/tokens.js";
import { ClassifierAnswer, classifierMessages } from "../llm/prompts/classifier.js";
import {
  ConverterAnswer,
  converterMessages,
  type ConverterInput,
  type ConverterRubricItem,
} from "../llm/prompts/converter.js";
import type { RubricItem } from "../../records/case.js";
import { buildCase, knowledgeProvenance, type Converter, type FeedbackSource } from "./to-case.js";

/** The answer's nulls stand for absent keys (strict structured outputs send every key); a Case omits them. */
function withoutNulls(item: ConverterRubricItem): RubricItem {
  return Object.fromEntries(Object.entries(item).filter(([, v]) => v !== null)) as RubricItem;
}

function inputOf(source: FeedbackSource): ConverterInput {
  const { did, expected, evidence, category, skill } = source.form;
  return { title: source.title, did, expected, evidence, category, ...(skill ? { skill } : {}) };
}

export function createModelConverter(
  model: Model,
  options: { name?: string; onUsage?: (usage: Tokens) => void } = {},
): Converter {
  return {
    name: options.name ?? "model",
    async convert(source, now) {
      const input = inputOf(source);
      const classified = await model.structured({
        role: "classifier",
        messages: classifierMessages(input),
        schema: ClassifierAnswer,
        schemaName: "classification",
      });
      options.onUsage?.(classified.usage);
      if (!classified.ok)
        return {
          kind: "failed",
          reason: `the classifier gave no usable answer (${classified.failure.kind}: ${classified.failure.message})`,
        };
      // The classifier's opinion on injection, for the case comment (after acceptance, never before).
      const flagged = classified.value.injection ? { injection: classified.value.injection } : {};
      if (classified.value.kind === "experiential") {
        if (!source.form.skill)
          return {
            kind: "failed",
            reason:
              "this reads as general advice, and advice is stored per skill: name the skill in the form",
          };
        const text = (classified.value.advice ?? source.form.expected).trim();
        return {
          kind: "knowledge",
          skill: source.form.skill,
          entry: { text, provenance: knowledgeProvenance(source, now) },
          reason: classified.value.reason,
          ...flagged,
        };
      }
      const converted = await model.structured({
        role: "converter",
        messages: converterMessages(input),
        schema: ConverterAnswer,
        schemaName: "test_case",
      });
      options.onUsage?.(converted.usage);
      if (!converted.ok)
        return {
          kind: "failed",
          reason: `the converter gave no usable answer (${converted.failure.kind}: ${converted.failure.message})`,
        };
      const built = buildCase(
        source,
        { ...converted.value, rubric: converted.value.rubric.map(withoutNulls) },
        now,
      );
      return built.kind === "case" ? { ...built, ...flagged } : built;
    },
  };
}
