// The tool-defect world (`sim new --tools`): rules a tool patch fixes and a procedure an extract
// shrinks; the in-process roles and the simulated endpoint both play the tool-smith. Simulated.
import { afterEach, describe, expect, it } from "vitest";
import { EvolveConfig } from "../../src/core/config/config.js";
import { createModelRoles } from "../../src/core/evolve/model-roles.js";
import { measure } from "../../src/core/evolve/measure.js";
import { runConfigOf } from "../../src/core/evolve/run.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldBank } from "../../src/sim/world-inputs.js";
import { runSimulatedEvolution } from "../support/sim-roles/run.js";
import { withToolDefects } from "../../src/sim/tool-world.js";
import { parseWorld, renderWorld, type World } from "../../src/sim/world.js";
import { connect, type Connected } from "./endpoint-support.js";

const world: World = withToolDefects(generateWorld({ seed: 2000, rules: 12 }));
const tools = world.tools!;
const text = (bank: ReturnType<typeof worldBank>, path: string) => {
  const f = bank.files.find((x) => x.path === path);
  return f ? new TextDecoder().decode(f.bytes) : undefined;
};

let c: Connected | undefined;
afterEach(async () => c?.endpoint.close());

async function evolve(toolOps: readonly ("patch" | "retype" | "extract" | "inline")[]) {
  const config = { ...runConfigOf(EvolveConfig.parse({ seed: 0, maxIterations: 8 })), bootstrap: 50 };
  const now = () => new Date("2026-11-30T00:00:00Z");
  const r = await runSimulatedEvolution(world, config, { now }, [], createSimAgent(world), { toolOps });
  return { record: r.record, star: r.banks.get(r.record.selected)! };
}

describe("the tool-defect world", () => {
  it("round-trips, ships the defective tools, and its home skills already state the rules", () => {
    expect(parseWorld(renderWorld(world))).toEqual(world);
    const bank = worldBank(world);
    expect(tools.defects).toHaveLength(2);
    for (const d of tools.defects) {
      expect(text(bank, d.path)).toBe(d.source);
      const rule = world.rules.find((r) => d.rules.includes(r.id))!;
      expect(world.skills.find((s) => s.name === rule.skill)!.source).toContain(`- ${rule.clause}`);
    }
    expect(tools.procedures[0]!.skills).toHaveLength(3);
  });

  it("the agent fails a defect rule's cases until the bank holds the patched tool", async () => {
    const d = tools.defects[0]!;
    const cases = world.heldOut.filter((wc) => d.rules.includes(wc.rule)).map((wc) => wc.case);
    const run = async (bank: ReturnType<typeof worldBank>) =>
      measure({
        skills: bank.skills,
        cases,
        categories: world.categories,
        runner: createSimAgent(world),
        n: 3,
        k: 3,
      });
    const before = await run(worldBank(world));
    const patched = worldBank({
      ...world,
      tools: { ...tools, defects: tools.defects.map((x) => (x === d ? { ...x, source: x.fixed } : x)) },
    });
    const after = await run(patched);
    const rate = (m: Awaited<ReturnType<typeof run>>) => m.results.filter((r) => r.passAtK >= 1).length;
    expect(rate(before)).toBe(0);
    expect(rate(after)).toBeGreaterThan(0);
  });

  it("co-evolution patches the tool and extracts the procedure; prose-only evolution cannot", async () => {
    const co = await evolve(["patch", "retype", "extract", "inline"]);
    const prose = await evolve([]);
    const applied = co.record.iterations
      .flatMap((it) => it.toolOps ?? [])
      .filter((x) => x.status === "applied");
    expect(applied.map((a) => a.kind)).toEqual(expect.arrayContaining(["patch", "extract"]));
    expect(prose.record.iterations.flatMap((it) => it.toolOps ?? [])).toEqual([]);
    expect(tools.defects.some((d) => text(co.star, d.path) === d.fixed)).toBe(true);
    expect(tools.defects.every((d) => text(prose.star, d.path) === d.source)).toBe(true);
    // The extract reached P*: its callers read one call line instead of the paragraph.
    const p = tools.procedures[0]!;
    expect(text(co.star, p.tool)).toBe(p.source);
    for (const skill of p.skills) {
      const md = text(co.star, `${skill}/SKILL.md`)!;
      expect(md).not.toContain(p.paragraph);
      expect(md).toContain(p.call);
    }
  });

  it("the simulated endpoint plays the tool-smith through the real openai client", async () => {
    c = await connect(world);
    const smith = createModelRoles(c.model).toolSmith!;
    const d = tools.defects[0]!;
    const r = await smith.carryOut({
      tool: d.path,
      plan: "patch: the check is wrong",
      source: d.source,
      callers: [],
      seed: 0,
    });
    expect(r).toMatchObject({
      ok: true,
      value: { op: { kind: "patch", tool: d.path }, files: [{ path: d.path, content: d.fixed }] },
    });
    const p = tools.procedures[0]!;
    const callers = p.skills.map((s) => ({
      path: `${s}/SKILL.md`,
      text: world.skills.find((x) => x.name === s)!.source,
    }));
    const ex = await smith.carryOut({
      tool: p.tool,
      plan: `extract: ${p.skills.join(", ")} repeat it`,
      callers,
      seed: 0,
    });
    expect(ex).toMatchObject({
      ok: true,
      value: { op: { kind: "extract", tool: p.tool, callers: p.skills } },
    });
    if (ex.ok)
      for (const f of ex.value.files.filter((x) => x.path.endsWith("SKILL.md")))
        expect(f.content).toContain(p.call);
    expect(c.problems).toEqual([]);
  });
});
