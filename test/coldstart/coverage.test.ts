// Clause coverage and the section-by-section policy diff, on small documents whose answers can be
// read off the text: which headings are clauses, which a back-link covers (itself or a parent), and
// what a change, an addition and a removal mean for a bank.
import { describe, expect, it } from "vitest";
import { readClauses, uncoveredClauses } from "../../src/core/coldstart/coverage.js";
import { clauseCategory } from "../../src/core/coldstart/gap-cases.js";
import { readPolicyDocument } from "../../src/core/coldstart/policy-document.js";
import { assessPolicyChange, diffPolicy } from "../../src/core/coldstart/policy-diff.js";

const doc = (text: string, file = "p.md") => readPolicyDocument(file, new TextEncoder().encode(text));

const POLICY = `# Shop Policy

Be polite.

## Orders

### Payment
Cards only.

### Delivery
Within 3 days.

## Returns
30 days.
`;

describe("clauses and coverage", () => {
  it("a clause is a heading with text of its own; a heading with only subsections is none", () => {
    const clauses = readClauses(doc(POLICY));
    expect(clauses.map((c) => c.link)).toEqual([
      "p.md#shop-policy",
      "p.md#payment",
      "p.md#delivery",
      "p.md#returns",
    ]);
    const payment = clauses.find((c) => c.heading.slug === "payment")!;
    expect(payment.text).toBe("Cards only.");
    expect(payment.parents.map((p) => p.slug)).toEqual(["shop-policy", "orders"]);
    expect(clauseCategory(payment)).toBe("orders");
    expect(clauseCategory(clauses[0]!)).toBe("shop-policy");
  });

  it("a link to a section covers its subsections, not its parent or its siblings", () => {
    const gaps = uncoveredClauses([doc(POLICY)], [{ name: "orders", policy: ["p.md#orders"] }]);
    expect(gaps.map((c) => c.heading.slug)).toEqual(["shop-policy", "returns"]);
    const one = uncoveredClauses([doc(POLICY)], [{ name: "pay", policy: ["p.md#payment"] }]);
    expect(one.map((c) => c.heading.slug)).toEqual(["shop-policy", "delivery", "returns"]);
  });

  it("a link to the document's title covers only its own text; a link to another file covers nothing here", () => {
    const title = uncoveredClauses([doc(POLICY)], [{ name: "preamble", policy: ["p.md#shop-policy"] }]);
    expect(title.map((c) => c.heading.slug)).toEqual(["payment", "delivery", "returns"]);
    expect(uncoveredClauses([doc(POLICY)], [{ name: "x", policy: ["other.md#returns"] }])).toHaveLength(4);
  });

  it("a first level-1 heading followed by another level-1 heading is no title: it covers its sections", () => {
    const two = doc(`${POLICY}\n# Appendix\nNotes.\n`);
    expect(
      uncoveredClauses([two], [{ name: "all", policy: ["p.md#shop-policy"] }]).map((c) => c.link),
    ).toEqual(["p.md#appendix"]);
  });
});

describe("the policy diff", () => {
  const NEXT = POLICY.replace("Within 3 days.", "Within  3\n days.") // whitespace only
    .replace("Cards only.", "Cards or cash.")
    .replace("## Returns\n30 days.\n", "## Exchanges\nSame value only.\n");

  it("changed, added and removed sections by slug; a whitespace-only edit is no change", () => {
    expect(diffPolicy(doc(POLICY), doc(NEXT))).toEqual({
      changed: [{ slug: "payment", heading: "Payment" }],
      added: [{ slug: "exchanges", heading: "Exchanges" }],
      removed: [{ slug: "returns", heading: "Returns" }],
    });
  });

  it("a change inside a subsection makes a link to its parent stale; a removed heading breaks its links", () => {
    const skills = [
      { name: "orders", policy: ["p.md#orders"] },
      { name: "delivery", policy: ["p.md#delivery"] },
      { name: "returns", policy: ["p.md#returns", "p.md#delivery"] },
      { name: "ghost", policy: ["p.md#never-there"] },
      { name: "preamble", policy: ["p.md#shop-policy"] },
    ];
    const r = assessPolicyChange(doc(POLICY), doc(NEXT), skills);
    // The preamble's title link is not stale: the title's own text did not change.
    expect(r.stale).toEqual([{ skill: "orders", links: ["p.md#orders"] }]);
    expect(r.broken).toEqual([
      { skill: "ghost", link: "p.md#never-there", removed: false },
      { skill: "returns", link: "p.md#returns", removed: true },
    ]);
    // Payment changed but `orders` covers it; Exchanges is new and nobody covers it.
    expect(r.uncovered.map((c) => c.link)).toEqual(["p.md#exchanges"]);
  });
});
