// The issue form's body is bounded before it is parsed, and a section given twice is a problem
// the intake's owned comment shows (it lists FormParse.problems), not a silent last-one-wins.
import { describe, expect, it } from "vitest";
import { FORM_BODY_CAP, FORM_HEADINGS_CAP, parseFeedbackForm } from "../../src/core/feedback/issue-form.js";
import { formBody } from "../support/github-double/feedback-form.js";

const OPTS = { categories: ["general", "hallucination", "special"], maxBodyChars: 20_000 };
const FORM = { did: "Said 60 days.", expected: 'Say "30 days".', evidence: "Refund?", category: "general" };

describe("feedback form bounds", () => {
  it("reports a duplicated Category section instead of taking the last value", () => {
    const body = `${formBody(FORM)}\n\n### Category\n\nspecial`;
    expect(parseFeedbackForm(body, OPTS)).toMatchObject({
      ok: false,
      problems: ["The section **Category** appears 2 times; keep one (skillops would read only the last)."],
    });
  });

  it("refuses more headings than the cap with one problem, not one per heading", () => {
    const extra = Array.from({ length: FORM_HEADINGS_CAP }, (_, i) => `### Note ${i}\n\nx`).join("\n\n");
    const r = parseFeedbackForm(`${formBody(FORM)}\n\n${extra}`, OPTS);
    expect(r).toEqual({
      ok: false,
      problems: [
        `The issue body has ${FORM_HEADINGS_CAP + 5} \`###\` headings; the feedback form has 5, and skillops reads at most ${FORM_HEADINGS_CAP}. Use the headings of the feedback form.`,
      ],
      partial: {},
    });
  });

  it("reads no more than GitHub's own body limit, whatever feedback.maxBodyChars says", () => {
    const body = formBody({ ...FORM, evidence: "x".repeat(FORM_BODY_CAP) });
    const r = parseFeedbackForm(body, { ...OPTS, maxBodyChars: 1_000_000 });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems[0]).toMatch(/skillops reads at most 65,536 \(`feedback.maxBodyChars`\)/);
  });
});
