// The parser template (the fields @github/issue-parser keys on, rendered once per category list)
// must read exactly as the committed issue form does, or a feedback issue would parse differently.
import { parseTemplate } from "@github/issue-parser";
import { describe, expect, test } from "vitest";
import { parserTemplate, renderFeedbackTemplate } from "../../src/core/feedback/form-template.js";
import { parseFeedbackForm } from "../../src/core/feedback/issue-form.js";

const body = (category: string) =>
  [
    "### What the agent did",
    "",
    "It quoted 60 days.",
    "",
    "### What it should have done",
    "",
    'It should say "30 days".',
    "",
    "### Input or evidence",
    "",
    "Can I get a refund?",
    "",
    "### Category",
    "",
    category,
    "",
    "### Skill (optional)",
    "",
    "_No response_",
  ].join("\n");

describe("the parser template", () => {
  test.each([[["general", "hallucination", "special"]], [["billing", "tone"]]])(
    "reads as the full issue form does (%j)",
    (categories) => {
      expect(parseTemplate(parserTemplate(categories))).toEqual(
        parseTemplate(renderFeedbackTemplate(categories)),
      );
    },
  );

  test("is kept per category list: a second list gets its own dropdown options", () => {
    const first = parseTemplate(parserTemplate(["general", "special"]));
    const second = parseTemplate(parserTemplate(["billing"]));
    expect(first.category!.options).toEqual(["general", "special"]);
    expect(second.category!.options).toEqual(["billing"]);
    expect(parserTemplate(["general", "special"])).toBe(parserTemplate(["general", "special"]));
  });

  test("a form parses the same under two category lists in turn", () => {
    const options = { maxBodyChars: 10_000 };
    expect(parseFeedbackForm(body("tone"), { ...options, categories: ["billing", "tone"] })).toMatchObject({
      ok: true,
      form: { category: "tone", expected: 'It should say "30 days".' },
    });
    const other = parseFeedbackForm(body("tone"), { ...options, categories: ["general"] });
    expect(other.ok).toBe(false);
  });
});
