// The frontier PR's "Audit" section and the audit line of the `skillops/gates` check (issue 14).
import { describe, expect, it } from "vitest";
import type { AuditView } from "../../src/core/render/pr-body/audit-section.js";
import { renderGatesCheck } from "../../src/apps/app/frontier/check-run.js";
import { memberView } from "../../src/core/github/plan.js";
import { renderPrBody } from "../../src/core/render/pr-body/pr-body.js";
import { FrontierMember, type RunRecord } from "../../src/records/run-record.js";
import { balanced, baseInput } from "./pr-fixtures.js";

const HEAD = "f".repeat(40);

function warning(
  i: number,
  evidence = `literal "order-${i}" looks case-specific`,
): AuditView["findings"][number] {
  return {
    id: `A${i}`,
    check: "framing",
    severity: "warning",
    skill: "refund-policy",
    file: "refund-policy/SKILL.md",
    line: i,
    evidence,
  };
}

const withAudit = (audit: AuditView | undefined) => {
  const { audit: _dropped, ...rest } = balanced;
  return baseInput({ member: audit ? { ...rest, audit } : rest });
};

describe("the Audit section of a frontier PR", () => {
  it("shows each warning with its skill, file, line and evidence, open when short", () => {
    const body = renderPrBody(withAudit({ refused: false, scripts: "parsed", findings: [warning(3)] }));
    expect(body).toContain("### Audit — ⚠️ 1 warning(s), no error");
    expect(body).toContain(
      '| A3 `framing` | warning | refund-policy | `refund-policy/SKILL.md:3` | literal "order-3" looks case-specific |',
    );
    expect(body).not.toContain("<details><summary>1 findings</summary>");
    // Between the gates and the trade-off: evidence next to the decision.
    expect(body.indexOf("### Audit")).toBeGreaterThan(body.indexOf("### Gates"));
    expect(body.indexOf("### Audit")).toBeLessThan(body.indexOf("### Where it sits on the frontier"));
  });

  it("collapses a long list of warnings", () => {
    const findings = Array.from({ length: 7 }, (_, i) => warning(i + 1));
    const body = renderPrBody(withAudit({ refused: false, scripts: "parsed", findings }));
    expect(body).toContain("<details><summary>7 findings</summary>");
    expect(body).toContain("`refund-policy/SKILL.md:7`");
  });

  it("says clean, and says when script parsing was skipped", () => {
    const body = renderPrBody(withAudit({ refused: false, scripts: "skipped", findings: [] }));
    expect(body).toContain("### Audit — ✅ clean");
    expect(body).toContain("Script parsing was skipped (the run had no script checker).");
  });

  it("says when the record predates the audit instead of calling the member clean", () => {
    const body = renderPrBody(withAudit(undefined));
    expect(body).toContain("### Audit — not in the run record");
    expect(body).not.toContain("✅ clean");
  });

  it("quotes hostile evidence without HTML, pipes or mentions", () => {
    const evil = 'copied "</details><!-- @octocat | fixes #3"';
    const body = renderPrBody(withAudit({ refused: false, scripts: "parsed", findings: [warning(1, evil)] }));
    expect(body).not.toContain("</details><!--");
    expect(body).not.toContain("@octocat");
    expect(body).toContain("\\|");
  });
});

describe("the audit in the skillops/gates check", () => {
  it("states the audit's verdict in the summary", () => {
    const check = renderGatesCheck(
      withAudit({ refused: false, scripts: "parsed", findings: [warning(2)] }),
      HEAD,
    );
    expect(check.conclusion).toBe("success");
    expect(check.summary).toContain("**Audit:** ⚠️ 1 warning(s), no error.");
    const clean = renderGatesCheck(withAudit({ refused: false, scripts: "parsed", findings: [] }), HEAD);
    expect(clean.summary).toContain("**Audit:** ✅ clean.");
  });

  it("fails a member whose record says the audit refused it", () => {
    const error = { ...warning(1), severity: "error" as const, check: "literals" as const };
    const check = renderGatesCheck(withAudit({ refused: true, scripts: "parsed", findings: [error] }), HEAD);
    expect(check).toMatchObject({ conclusion: "failure", title: "The audit found an error" });
  });
});

describe("memberView", () => {
  it("carries the member's audit from the run record, and none when the record holds none", () => {
    const member = {
      candidate: "c".repeat(64),
      born: 1,
      operatingPoint: "balanced",
      selected: true,
      resolved: [],
      changes: [],
      whatChanged: { skills: [], other: [] },
      total: { rate: 0.5, low: 0.4, high: 0.6, n: 10 },
      perCategory: {},
      cost: { input: 1, output: 1, cached: 0 },
    };
    const audit = { refused: false, scripts: "parsed" as const, findings: [warning(1)] };
    // Only what memberView reads of the record: its categories and iterations.
    const record = { categories: [], iterations: [] } as unknown as RunRecord;
    expect(memberView(record, FrontierMember.parse({ ...member, audit })).audit).toEqual(audit);
    expect(memberView(record, FrontierMember.parse(member)).audit).toBeUndefined();
  });
});
