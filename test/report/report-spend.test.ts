// The run report shows evaluation spend beside naive evaluation, from the run record's
// `executions.modelTokens`, labelled simulated for a simulated run.
import { describe, expect, it } from "vitest";
import { renderReportHtml } from "../../src/core/report/html.js";
import { renderReportMarkdown } from "../../src/core/report/markdown.js";
import { handBuiltRecord } from "./fixtures.js";

describe("report: evaluation spend", () => {
  it("renders spent vs naive in Markdown and HTML, and nothing for a record without the figure", () => {
    const base = handBuiltRecord();
    const record = { ...base, executions: { ...base.executions, modelTokens: { spent: 1200, naive: 4800 } } };
    const sentence =
      "Model tokens spent on evaluation (agent and judge): 1,200; naive FRAMES evaluation of the same candidates: 4,800, so the run spent 25.0% of the naive model tokens";
    expect(renderReportMarkdown(record)).toContain(sentence);
    expect(renderReportHtml(record)).toContain(sentence);
    const { modelTokens: _, ...without } = record.executions;
    expect(renderReportMarkdown({ ...record, executions: without })).not.toContain("Model tokens spent");
    expect(renderReportMarkdown({ ...record, simulated: true })).toMatch(
      /as if nothing were reused \(simulated\)\./,
    );
  });
});
