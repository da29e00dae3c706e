// A frontier PR from a run whose spawned code ran unsandboxed (evaluate.sandbox: none) says so at
// the top, before any figure; a sandboxed run's PR carries no such line.
import { describe, expect, it } from "vitest";
import { renderPrBody } from "../../src/core/render/pr-body/pr-body.js";
import { baseInput } from "./pr-fixtures.js";

describe("PR body: the unsandboxed warning", () => {
  it("a run with sandbox none warns first; bwrap or an older record does not", () => {
    const input = baseInput();
    const body = renderPrBody({ ...input, run: { ...input.run, sandbox: "none" } });
    expect(body).toContain("> [!CAUTION]\n> **Unsandboxed.** evaluate.sandbox is `none`");
    expect(body.indexOf("Unsandboxed")).toBeLessThan(body.indexOf("Decision: merge at most one"));
    expect(renderPrBody({ ...input, run: { ...input.run, sandbox: "bwrap" } })).not.toContain("Unsandboxed");
    expect(renderPrBody(input)).not.toContain("Unsandboxed");
  });
});
