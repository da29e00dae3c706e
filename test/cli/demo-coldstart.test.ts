// `npm run demo:coldstart` on a fresh clone: cold start with --cases on examples/policy/airline.md,
// and its comparison with the hand-written skill-bank/ by back-linked heading (simulated model).
import { describe, expect, it } from "vitest";
import { runColdstartDemo } from "../../demo/coldstart-demo.js";

describe("npm run demo:coldstart", () => {
  it("writes the bank and the gap case, validates, and compares with skill-bank/", async () => {
    let stdout = "";
    let stderr = "";
    const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
    const r = await runColdstartDemo({ ...io, cwd: process.cwd(), isTTY: false, env: {} });
    expect(stderr).toBe("");
    expect(r.code).toBe(0);
    expect(stdout).toContain("cases/airline-agent-policy/policy-airline-airline-agent-policy.yml:");
    expect(stdout).toContain("bank: ok: 5 skill(s), 0 error(s), 0 warning(s) [strict]");
    expect(r.comparison).toEqual({
      matches: [
        {
          generated: "book-flight",
          handWritten: ["book-flight", "checked-baggage"],
          headings: ["book-flight"],
        },
        {
          generated: "cancel-flight",
          handWritten: ["cancel-reservation", "find-reservation"],
          headings: ["cancel-flight"],
        },
        { generated: "domain-basic", handWritten: ["find-reservation"], headings: ["domain-basic"] },
        {
          generated: "modify-flight",
          handWritten: ["checked-baggage", "find-reservation", "modify-reservation"],
          headings: ["modify-flight"],
        },
        {
          generated: "refunds-and-compensation",
          handWritten: ["compensation"],
          headings: ["refunds-and-compensation"],
        },
      ],
      unmatched: ["airline-conduct"],
      clauses: 8,
      uncoveredGenerated: ["airline-agent-policy"],
      uncoveredHandWritten: [],
    });
  });
});
