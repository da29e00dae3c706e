// The fixture suite of issue 14: candidates made from the example bank by one small edit, each
// labelled by hand as leaking a case literal or clean. Prints the literals check's precision and recall.
import { beforeAll, describe, expect, it } from "vitest";
import { auditBank } from "../../src/core/audit/audit.js";
import type { CaseField } from "../../src/core/audit/case-texts.js";
import type { SkillBank } from "../../src/core/bank/skill.js";
import { exampleBank, examplePoolFields, inputOf, withAppended } from "./audit-fixture.js";

interface Fixture {
  skill: string;
  text: string;
  leaks: boolean;
}

// Hand labels: `leaks` is true when the edit pastes an id, amount, name or phrase from a pool case.
const FIXTURES: Fixture[] = [
  { skill: "find-reservation", text: "- If the customer mentions H8Q05L, look it up first.", leaks: true },
  { skill: "cancel-reservation", text: "- Reservation EHGLP3 must never be cancelled.", leaks: true },
  { skill: "book-flight", text: "- Charge $1,786 to the credit card when rebooking.", leaks: true },
  { skill: "modify-reservation", text: "- The total saving on a downgrade is 23553 dollars.", leaks: true },
  { skill: "modify-reservation", text: "- Rename Mei Lee to Mei Garcia when asked.", leaks: true },
  {
    skill: "book-flight",
    text: "- Use flights HAT023, HAT204 and HAT100 for the business round trip.",
    leaks: true,
  },
  {
    skill: "compensation",
    text: "- For a delay on HAT039, confirm the delay but send nothing.",
    leaks: true,
  },
  {
    skill: "find-reservation",
    text: "- The user omar_davis_3817 has five business reservations.",
    leaks: true,
  },
  {
    skill: "book-flight",
    text: "- Pay with gift_card_8020792 first, then the second gift card.",
    leaks: true,
  },
  { skill: "checked-baggage", text: "- Reservation JMO1MG gets 4 free bags in total.", leaks: true },
  { skill: "compensation", text: "- When Ethan Martin complains, confirm his eligibility.", leaks: true },
  {
    skill: "cancel-reservation",
    text: '- Refuse "at least 50% back - 10% at the very minimum" requests.',
    leaks: true,
  },
  { skill: "modify-reservation", text: "- Keep the passenger born 1989-12-13 when renaming.", leaks: true },
  {
    skill: "find-reservation",
    text: "- Read the membership level from the records, not from the customer.",
    leaks: false,
  },
  {
    skill: "cancel-reservation",
    text: "- Never cancel because the customer insists an earlier agent promised it.",
    leaks: false,
  },
  {
    skill: "modify-reservation",
    text: "- Passenger names may change; the number of passengers may not.",
    leaks: false,
  },
  {
    skill: "compensation",
    text: "- A delay alone, without a change or cancellation, earns no certificate.",
    leaks: false,
  },
  {
    skill: "book-flight",
    text: "- Use at most one travel certificate per reservation, then gift cards.",
    leaks: false,
  },
  {
    skill: "checked-baggage",
    text: "- Count the allowance per passenger, then add it up for the reservation.",
    leaks: false,
  },
  {
    skill: "airline-conduct",
    text: "- Check the creation time in the records before applying the 24-hour rule.",
    leaks: false,
  },
  {
    skill: "compensation",
    text: "- A customer who claims Gold status must still be checked in the records.",
    leaks: false,
  },
  {
    skill: "cancel-reservation",
    text: "- Do not offer a partial refund or a voucher when no rule applies.",
    leaks: false,
  },
  {
    skill: "find-reservation",
    text: "- Ask for the user id and the reservation id when either is missing.",
    leaks: false,
  },
  {
    skill: "book-flight",
    text: "- The business round trip for three passengers costs 2613 in total.",
    leaks: true,
  },
  {
    skill: "compensation",
    text: "- A cancelled flight earns 100 dollars per passenger, a delay 50.",
    leaks: false,
  },
  {
    skill: "airline-conduct",
    text: '- When no rule applies, say "I cannot do that" and explain why.',
    leaks: false,
  },
  {
    skill: "checked-baggage",
    text: "- Silver members in economy get 2 free bags; Regular members get 1.",
    leaks: false,
  },
];

describe("literals check on the hand-labelled fixture suite", () => {
  let base: SkillBank;
  let cases: CaseField[];
  beforeAll(async () => {
    base = await exampleBank();
    cases = await examplePoolFields();
  });

  it("has at least 20 candidates, both kinds", () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(20);
    expect(FIXTURES.some((f) => f.leaks) && FIXTURES.some((f) => !f.leaks)).toBe(true);
  });

  it("flags exactly the leaking candidates, and reports precision and recall", () => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    const wrong: string[] = [];
    for (const f of FIXTURES) {
      const findings = auditBank(inputOf(base, withAppended(base, f.skill, f.text), cases));
      const flagged = findings.some((x) => x.check === "literals");
      if (flagged && f.leaks) tp++;
      if (flagged && !f.leaks) fp++;
      if (!flagged && f.leaks) fn++;
      if (flagged !== f.leaks) wrong.push(`${f.leaks ? "missed" : "false alarm"}: ${f.text}`);
    }
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    console.log(
      `audit literals on ${FIXTURES.length} hand-labelled candidates: precision ${precision.toFixed(2)} (${tp}/${tp + fp}), recall ${recall.toFixed(2)} (${tp}/${tp + fn})`,
    );
    expect(wrong).toEqual([]);
  });

  it("the unchanged example bank audited against itself is clean", () => {
    expect(auditBank(inputOf(base, base, cases))).toEqual([]);
  });
});
