// SkillEvolver Table 3, Checks 8 and 9 on the example bank: primary-action hoisting (static: the
// invocation comes before the prose that depends on it) and silent bypass (from the candidate's own
// runs: no invocation of the changed skill under majority failure). Both critical: errors by default.
import { beforeAll, describe, expect, it } from "vitest";
import { auditBank } from "../../src/core/audit/audit.js";
import type { RunTrace, TraceInput } from "../../src/core/audit/run-traces.js";
import type { SkillBank } from "../../src/core/bank/skill.js";
import { inputOf, exampleBank, withAppended, withFile } from "./audit-fixture.js";

let base: SkillBank;
beforeAll(async () => {
  base = await exampleBank();
});

const run = (
  caseId: string,
  skillsLoaded: string[],
  passed: boolean,
  scriptsRun: string[] = [],
): RunTrace => ({
  caseId,
  skillsLoaded,
  scriptsRun,
  passed,
});

function findings(candidate: SkillBank, check: string, traces?: TraceInput) {
  return auditBank({ ...inputOf(base, candidate, []), ...(traces ? { traces } : {}) }).filter(
    (f) => f.check === check,
  );
}

/** compensation with `scripts/amount.py` as its primary script, its body given. */
function withBody(body: string, how: "metadata" | "step" = "metadata"): SkillBank {
  const s = base.skills.find((x) => x.name === "compensation")!;
  const head = s.source.slice(0, s.source.indexOf("# Compensation"));
  const front =
    how === "metadata" ? head.replace("metadata:\n", "metadata:\n  primary: scripts/amount.py\n") : head;
  return withFile(
    withFile(base, "compensation/scripts/amount.py", "print(1)\n"),
    "compensation/SKILL.md",
    front + body,
  );
}

describe("Check 8, primary-action hoisting (static ordering)", () => {
  it("errs when a constraint comes before the invocation of the declared primary script", () => {
    const bank = withBody(
      "# Compensation\n\nNever volunteer compensation.\n\n## Run it\n\nRun `python3 scripts/amount.py RESERVATION`.\n",
    );
    const found = findings(bank, "primaryActionNotHoisted");
    expect(found).toEqual([
      expect.objectContaining({
        severity: "error",
        skill: "compensation",
        file: "compensation/SKILL.md",
        evidence:
          'the invocation of its primary script scripts/amount.py comes after the constraint "Never volunteer compensation."',
      }),
    ]);
    const lines = bank.skills.find((s) => s.name === "compensation")!.source.split("\n");
    expect(lines[found[0]!.line - 1]).toBe("Never volunteer compensation.");
  });
  it("errs when more than 3 lines of background come first, or when the body never names the script", () => {
    const background =
      "Customers complain.\nSome ask for money.\nPolicy varies by cabin.\nCertificates are common.\n";
    const late = withBody(`# Compensation\n\n${background}\nRun \`scripts/amount.py\`.\n`);
    expect(findings(late, "primaryActionNotHoisted").map((f) => f.evidence)).toEqual([
      "the invocation of its primary script scripts/amount.py comes after 4 lines of prose (more than 3)",
    ]);
    const never = withBody("# Compensation\n\nCompute the amount by hand.\n");
    expect(findings(never, "primaryActionNotHoisted").map((f) => f.evidence)).toEqual([
      "the invocation of its primary script scripts/amount.py is never named in the body, so nothing says to run it",
    ]);
  });
  it("passes a skill whose invocation comes first, whatever follows; and a first step that runs the script", () => {
    const hoisted = withBody(
      "# Compensation\n\nRun `python3 scripts/amount.py RESERVATION` first.\n\nNever volunteer compensation.\n",
    );
    expect(findings(hoisted, "primaryActionNotHoisted")).toEqual([]);
    const step = withBody(
      "# Compensation\n\n1. Run `python3 scripts/amount.py` on the reservation.\n2. Never volunteer it.\n",
      "step",
    );
    expect(findings(step, "primaryActionNotHoisted")).toEqual([]);
  });
  it("is quiet on a skill with no primary script, and on a problem the base version already had", () => {
    expect(
      findings(withAppended(base, "compensation", "- Never round up."), "primaryActionNotHoisted"),
    ).toEqual([]);
    const bad = withBody("# Compensation\n\nNever volunteer it.\n\nRun `scripts/amount.py`.\n");
    const worse = withFile(
      bad,
      "compensation/SKILL.md",
      `${bad.skills.find((s) => s.name === "compensation")!.source}\nMore.\n`,
    );
    const found = auditBank(inputOf(bad, worse, [])).filter((f) => f.check === "primaryActionNotHoisted");
    expect(found).toEqual([]);
  });
});

describe("Check 9, silent bypass (no invocation under majority failure)", () => {
  const candidate = () => withAppended(base, "compensation", "- Check the delay.");
  it("errs when no run of the edit's cases loaded the changed skill and most of them failed", () => {
    const traces: TraceInput = {
      runs: [run("a", ["find-reservation"], false), run("a", [], false), run("b", ["compensation"], true)],
      changed: ["compensation"],
      motivatedBy: { compensation: ["a"] },
    };
    expect(findings(candidate(), "silentBypass", traces)).toEqual([
      expect.objectContaining({
        severity: "error",
        skill: "compensation",
        file: "compensation/SKILL.md",
        line: 0,
        evidence: "none of the 2 run(s) of the cases its edit was for loaded it, and 2 of them failed",
      }),
    ]);
  });
  it("is quiet when a run invoked it, when at most half the runs failed, or when no run reports a load", () => {
    const changed = ["compensation"];
    const invoked = { runs: [run("a", ["compensation"], false), run("a", [], false)], changed };
    const mostlyPassing = { runs: [run("a", ["airline-conduct"], true), run("b", [], false)], changed };
    const untraced = { runs: [run("a", [], false), run("b", [], false)], changed };
    for (const t of [invoked, mostlyPassing, untraced])
      expect(findings(candidate(), "silentBypass", t)).toEqual([]);
    expect(findings(candidate(), "silentBypass")).toEqual([]);
  });
  it("with a primary script and a runner that traces scripts, invoking means running the script", () => {
    const bank = withBody("# Compensation\n\nRun `scripts/amount.py`.\n");
    const loadedOnly = {
      runs: [
        run("a", ["compensation"], false),
        run("b", ["find-reservation"], true, ["find-reservation/scripts/x.py"]),
      ],
      changed: ["compensation"],
      motivatedBy: { compensation: ["a"] },
    };
    expect(findings(bank, "silentBypass", loadedOnly).map((f) => f.evidence)).toEqual([
      "none of the 1 run(s) of the cases its edit was for ran its primary script scripts/amount.py, and 1 of them failed",
    ]);
    const ran = {
      ...loadedOnly,
      runs: [run("a", ["compensation"], false, ["compensation/scripts/amount.py"])],
    };
    expect(findings(bank, "silentBypass", ran)).toEqual([]);
  });
});
