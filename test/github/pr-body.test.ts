import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_BODY_CHARS, renderPrBody, renderPrTitle } from "../../src/core/render/pr-body/pr-body.js";
import { parsePrMarker, renderPrMarker } from "../../src/records/pr-marker.js";
import { hasClosingKeyword } from "../../src/core/render/comments/neutralise.js";
import { accurate, balanced, baseInput, cheap, skillView } from "./pr-fixtures.js";

const golden = (name: string) => fileURLToPath(new URL(`./golden/${name}`, import.meta.url));

/** Compares with the golden file; `UPDATE_GOLDEN=1` rewrites it (then read the diff before committing). */
function expectGolden(name: string, text: string): void {
  if (process.env.UPDATE_GOLDEN) writeFileSync(golden(name), text);
  expect(text).toBe(readFileSync(golden(name), "utf8"));
}

describe("renderPrBody", () => {
  it("renders the balanced member of a three-member frontier (golden)", () => {
    expectGolden("pr-body.md", renderPrBody(baseInput()));
  });

  it("labels a simulated run and says when humans pushed to the branch (golden)", () => {
    const body = renderPrBody(
      baseInput({
        run: { id: "sim-7", simulated: true, feedbackCases: 5, regressionCases: 115 },
        member: accurate,
        siblings: [cheap, { ...balanced, pullRequest: 124 }],
        foreignCommitters: ["Mona Lisa <mona@example.com>"],
      }),
    );
    expectGolden("pr-body-simulated.md", body);
    expect(body).toContain("**Simulated.**");
    expect(body).toContain("### Gates — ✅ every category at or above its floor (simulated figures)");
    expect(body).toContain("skillops will not push to it again");
    expect(renderPrTitle(accurate, true)).toMatch(/\[simulated\]$/);
  });

  it("ends with a legend of its shorthand that links skillops's glossary, or names it when no ref is known", () => {
    const url = "https://github.com/my-org/skillops/blob/v0.1.0/docs/glossary.md";
    const linked = renderPrBody(baseInput({ glossaryUrl: url }));
    const legend = linked.slice(linked.indexOf("<details><summary>Legend"));
    for (const term of [
      "**P\\***",
      "**pass@k**",
      "**`in | out`**",
      "**Table 3 checks**",
      "**pp**",
      "**95% CI**",
    ])
      expect(legend).toContain(term);
    expect(legend).toContain(`Every other term: [the skillops glossary](${url}).`);
    expect(linked.indexOf("<details><summary>Legend")).toBeGreaterThan(
      linked.indexOf("### What happens if you"),
    );
    const unlinked = renderPrBody(baseInput());
    expect(unlinked).toContain("the skillops glossary (`docs/glossary.md` in the skillops repository)");
    expect(unlinked).not.toMatch(/\]\((?!https:)[^)]*glossary/);
  });

  it("puts the decision before the evidence and the controls last", () => {
    const body = renderPrBody(baseInput());
    const order = [
      "Decision: merge at most one",
      "### Gates",
      "### Where it sits",
      "```mermaid",
      "### What changed",
      "### Feedback cases",
      "### What happens if you",
      "/skillops select",
    ];
    const at = order.map((s) => body.indexOf(s));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it("adds dollars per case when every bank is priced, and leaves them out otherwise", () => {
    const priced = <T extends { cost: { input: number; output: number } }>(m: T): T => ({
      ...m,
      cost: { ...m.cost, dollars: (m.cost.input * 0.15 + m.cost.output * 0.6) / 1e6 },
    });
    const body = renderPrBody(
      baseInput({
        member: priced(balanced),
        siblings: [priced(cheap), priced(accurate)],
        deployed: priced(baseInput().deployed),
      }),
    );
    expect(body).toContain("| $ / case |");
    expect(body).toContain(
      "| **This PR** (balanced) | `7f3a9c1e` | **80.8% (73.0–88.0%, n=120)** | **2,760** | **660** | **$0.0008** |",
    );
    expect(body).toMatch(/x-axis Cheaper, from \$0\.\d+ --> Costlier, to \$0\.\d+/);
    expect(body).toMatch(/This PR balanced 80\.8% pass, \$0\.0008: \[/);
    expect(renderPrBody(baseInput({ member: priced(balanced) }))).not.toContain("$ / case");
  });

  it("shows the gate's verdict on the set it judged, not one recomputed from the evolution cases", () => {
    // The evolution cases alone put special at 70.0%, above its 57.0% floor; the gate judged 22
    // special cases (the pool sample included) at 50.0% and refused.
    const gate = {
      ...balanced.gate!,
      categories: balanced.gate!.categories.map((c) =>
        c.category === "special" ? { ...c, rate: 0.5, ok: false } : c,
      ),
    };
    const body = renderPrBody(baseInput({ member: { ...balanced, gate } }));
    expect(body).toContain("### Gates — ❌ 1 category below the floor");
    expect(body).toContain(
      "| special | 60.0% (40.0–80.0%, n=20) | 57.0% | 50.0% (n=22) | 70.0% (50.0–90.0%, n=20), +10.0 pp | ❌ fail — 50.0% < 57.0% |",
    );
    expect(body).toContain(
      "The gate (iteration 2) judged 132 cases: the 120 evolution cases and 12 sampled from the regression pool.",
    );
  });

  it("shows the gate's rate and n beside the evolution-set rate, and lists the pool sample collapsed", () => {
    const body = renderPrBody(baseInput());
    // special: 70.0% on the 20 evolution cases, 63.6% on the 22 the gate judged.
    expect(body).toContain(
      "| special | 60.0% (40.0–80.0%, n=20) | 57.0% | 63.6% (n=22) | 70.0% (50.0–90.0%, n=20), +10.0 pp | ✅ pass — 63.6% ≥ 57.0% |",
    );
    const details = body.slice(
      body.indexOf("<details><summary>12 regression-pool cases the gate sampled</summary>"),
    );
    expect(details.slice(0, details.indexOf("</details>"))).toContain("| `pool-special-1` | special |");
  });

  it("lists the pool sample by id alone when no sampled case's category is known", () => {
    const gate = { ...balanced.gate!, sample: [{ id: "pool-a" }, { id: "pool-b" }] };
    const body = renderPrBody(baseInput({ member: { ...balanced, gate } }));
    expect(body).toContain(
      "<details><summary>2 regression-pool cases the gate sampled</summary>\n\n- `pool-a`\n- `pool-b`\n\n</details>",
    );
  });

  it("counts feedback and regression cases apart", () => {
    expect(renderPrBody(baseInput())).toContain("from 5 feedback cases and 115 regression cases;");
    const one = renderPrBody(
      baseInput({ run: { id: "r", simulated: false, feedbackCases: 1, regressionCases: 0 } }),
    );
    expect(one).toContain("built 3 alternative skill banks from 1 feedback case;");
  });

  it("shows no verdict when the record holds no gate figures, rather than recomputing one", () => {
    const { gate: _gate, ...ungated } = balanced;
    const below = { ...ungated, perCategory: ungated.perCategory.map((c) => ({ ...c, rate: 0.1 })) };
    const body = renderPrBody(baseInput({ member: below }));
    expect(body).toContain("### Gates — ➖ the gate's figures are not in the run record");
    expect(body).toContain(
      "| special | 60.0% (40.0–80.0%, n=20) | 57.0% | — | 10.0% (50.0–90.0%, n=20), −50.0 pp | ➖ not recorded |",
    );
    expect(body).not.toContain("❌ fail");
  });

  it("says why an interval is degenerate instead of printing it as certainty", () => {
    const special = { category: "special", rate: 1, low: 1, high: 1, n: 3 };
    const body = renderPrBody(
      baseInput({
        member: { ...balanced, perCategory: [...balanced.perCategory.slice(0, 2), special] },
      }),
    );
    expect(body).not.toContain("100.0% (100.0–100.0%, n=3)");
    expect(body).toContain(
      "100.0% (3 of 3 passed; every case agreed, so the bootstrap interval is a point; Wilson 95%: 43.9–100.0%)",
    );
  });

  it("quotes hostile feedback without mentions, closing keywords, pipes or HTML", () => {
    const body = renderPrBody(
      baseInput({
        fixed: [
          {
            id: "fb-1",
            category: "general",
            issue: 1,
            title: "@octocat fixes #3 | closes acme/agent#4 </details><!-- x -->",
          },
        ],
        skills: [
          skillView({
            name: "tone",
            sentences: ["section “Resolves #9 for @team/ops </details>” added: +1 line"],
            note: { t: 1, text: "Resolves #9 for @team/ops" },
            scripts: [
              {
                path: "tone/scripts/x.sh",
                sentence: "script tone/scripts/x.sh added: +1 line",
                patch: "+fixes #13\n",
              },
            ],
            diff: "+fixes #12\n",
          }),
        ],
      }),
    );
    expect(body).not.toMatch(/@octocat|@team/);
    expect(hasClosingKeyword(body)).toBe(false);
    expect(body).toContain("\\| c\u200bloses");
    expect(body).not.toContain("</details><!--");
    expect(body).toContain("&lt;/details&gt;&lt;!-- x --&gt;");
  });

  it("stays under 58,000 characters when diffs add up to 60,000+, keeping decision, gates and controls", () => {
    const bigDiff = Array.from({ length: 1500 }, (_, i) => `+line ${i}: ${"x".repeat(30)}`).join("\n");
    const input = baseInput({
      skills: Array.from({ length: 3 }, (_, i) =>
        skillView({ name: `skill-${i}`, note: { t: 1, text: "Rewritten." }, diff: bigDiff }),
      ),
    });
    const full = input.skills.reduce((n, s) => n + s.diff.length, 0);
    expect(full).toBeGreaterThan(60_000);
    const body = renderPrBody(input);
    expect(body.length).toBeLessThanOrEqual(MAX_BODY_CHARS);
    for (const s of [
      "Decision: merge at most one",
      "### Gates",
      "| general |",
      "### What happens if you",
      "/skillops rollback",
      "<!-- skillops:pr ",
    ])
      expect(body).toContain(s);
    expect(body).toMatch(/more lines: see the "Files changed" tab|diffs are left out/);
  });

  it("sheds the case list last and refuses when the essentials alone do not fit", () => {
    const many = Array.from({ length: 3000 }, (_, i) => ({
      id: `fb-${i}`,
      category: "general",
      issue: i + 1,
      title: `Feedback number ${i} about something long enough`,
    }));
    const body = renderPrBody(baseInput({ fixed: many }));
    expect(body.length).toBeLessThanOrEqual(MAX_BODY_CHARS);
    expect(body).toContain("This candidate fixes **3000 of 3002**");
    expect(() => renderPrBody(baseInput(), 2000)).toThrow(
      /decision, gates and controls alone take \d+ characters \(limit 2000\)/,
    );
  });

  it("never emits a closing keyword or exceeds the limit, whatever the quoted text (property)", () => {
    const text = fc.string({
      maxLength: 400,
      unit: fc.constantFrom(
        "fixes",
        "Closes",
        " ",
        "#",
        "1",
        "@",
        "a",
        "|",
        "<",
        "/",
        ":",
        "resolved",
        "\n",
        "`",
      ),
    });
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 30 }), text, (titles, summary) => {
        const body = renderPrBody(
          baseInput({
            fixed: titles.map((t, i) => ({ id: `c-${i}`, category: "general", issue: i + 1, title: t })),
            skills: [
              skillView({
                name: "s",
                sentences: [`section “${summary}” changed: +1 −1 lines`],
                note: { t: 1, text: summary },
                scripts: [
                  { path: "s/scripts/x.py", sentence: "script s/scripts/x.py modified", patch: summary },
                ],
                diff: summary,
              }),
            ],
          }),
          20_000,
        );
        expect(body.length).toBeLessThanOrEqual(20_000);
        expect(hasClosingKeyword(body)).toBe(false);
        // Mentions inside code fences do not notify; everywhere else they must be broken.
        expect(body.replace(/```[\s\S]*?```/g, "")).not.toMatch(/(?<!\w)@[A-Za-z0-9]/);
      }),
      { numRuns: 150, seed: 42 },
    );
  });
});

describe("PR marker", () => {
  it("round-trips and survives a human editing the prose around it", () => {
    const m = {
      v: 1 as const,
      run: "run-412",
      candidate: balanced.candidate,
      base: "abc1234",
      op: "balanced" as const,
      fixed: [88, 91],
    };
    const body = `Edited by a human.\n\n${renderPrMarker(m)}\n\nMore text.`;
    expect(parsePrMarker(body)).toEqual(m);
  });

  it("reads a missing or malformed marker as absent", () => {
    expect(parsePrMarker(null)).toBeUndefined();
    expect(parsePrMarker('<!-- skillops:pr {"v":1,"run":"x"} -->')).toBeUndefined();
    expect(parsePrMarker("<!-- skillops:pr {not json} -->")).toBeUndefined();
  });

  it("cannot be closed early by a value", () => {
    const text = renderPrMarker({ v: 1, run: "r --> <b>", candidate: "c", base: "b", op: "cost" });
    expect(text.indexOf("-->")).toBe(text.length - 3);
    expect(parsePrMarker(text)?.run).toBe("r --> <b>");
  });
});
