// The reason written on a public issue when a conversion throws: one line, no stack, no credential.
import { describe, expect, it } from "vitest";
import { failureReason } from "../../src/core/feedback/failure-reason.js";
import { SystemicError } from "../../src/core/llm/model.js";

describe("failureReason", () => {
  it("keeps the error's name and first line, never the stack", () => {
    const e = new SystemicError("the run's token budget is spent\nmore detail", "budget");
    expect(failureReason(e)).toBe("SystemicError: the run's token budget is spent");
    const plain = new Error("boom");
    expect(e.stack).toContain("\n");
    expect(failureReason(plain)).toBe("boom");
  });

  it("redacts anything shaped like a credential", () => {
    const reason = failureReason(
      new Error(
        "Incorrect API key provided: sk-proj-abcdef123456. token ghs_abcdefghij1234567890 Bearer eyJhbGciOiJIUzI1NiJ9.abc github_pat_11ABCDEFG0123456789",
      ),
    );
    expect(reason).not.toMatch(/sk-proj|ghs_abc|eyJhbGci|github_pat_11/);
    expect(reason).toContain("[redacted]");
    expect(reason).toContain("Bearer [redacted]");
  });

  it("is bounded, and says something for an error with no message or a thrown non-error", () => {
    expect(failureReason(new Error("x".repeat(1000))).length).toBeLessThanOrEqual(300);
    expect(failureReason(new Error(""))).toBe("an unexpected error with no message");
    expect(failureReason({ status: 500 })).toBe("a non-error value was thrown");
    expect(failureReason({ message: "from a plain object" })).toBe("from a plain object");
  });
});
