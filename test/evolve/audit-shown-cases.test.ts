// The pre-gate audit checks a child against the cases a model in this run could have seen: the
// evolution cases and the pool cases read so far (samples, anchors). Over a lazy pool it reads only
// those files; a rewrite that copies an anchor is still refused; a literal of a pool case never shown
// to any model is not a finding in the loop, while `skillops audit` over the whole folder reports it.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PoolEntry } from "../../src/core/cases/pool.js";
import { EvolveConfig } from "../../src/core/config/config.js";
import type { Checkpoint } from "../../src/core/evolve/checkpoint.js";
import type { EvolveDeps, EvolveInputs } from "../../src/core/evolve/context.js";
import { lazyPool, type PoolCases } from "../../src/core/evolve/pool-cases.js";
import type { Rewriter } from "../../src/core/llm/roles.js";
import type { RunRecord } from "../../src/records/run-record.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { loadPoolIndex, readCases, writeCase } from "../../src/io/fsio/pool-store.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimRoles } from "../support/sim-roles/roles.js";
import { worldBankFiles, worldInputs } from "../../src/sim/world-inputs.js";
import type { World } from "../../src/sim/world.js";
import { runCli } from "../cli/run-cli.js";

const NOW = () => new Date("2026-11-30T00:00:00Z");
const POOL = 120;
const orderOf = (i: number) => `ZX${String(i).padStart(5, "0")}`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "skillops-audit-shown-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A world whose pool is POOL clones of its own pool cases, each with its own order number. */
function bigPoolWorld(seed: number): World {
  const world = generateWorld({ seed, rules: 12 });
  const base = world.pool;
  world.pool = Array.from({ length: POOL }, (_, i) => {
    const wc = base[i % base.length]!;
    const prompt = `${wc.case.task.prompt}\n\nThe order is ${orderOf(i)}.`;
    return { ...wc, case: { ...wc.case, id: `${wc.case.id}-x${i}`, task: { ...wc.case.task, prompt } } };
  });
  return world;
}

/** The world's pool as files, read back lazily through the production reader with each read noted. */
async function lazyWorldPool(world: World, reads: string[]): Promise<PoolCases> {
  const root = join(dir, "pool");
  for (const wc of world.pool) await writeCase(root, wc.case);
  const { index, diagnostics } = await loadPoolIndex(root);
  expect(diagnostics).toEqual([]);
  return lazyPool(index, (entries: readonly PoolEntry[]) => {
    reads.push(...entries.map((e) => e.id));
    return readCases(root, entries);
  });
}

/** Every rewrite also pastes an order number, chosen from what the rewriter was shown (or not). */
function pasting(
  inner: Rewriter,
  order: (anchors: readonly { task: { prompt: string } }[]) => string | undefined,
): Rewriter {
  return {
    async rewrite(input) {
      const r = await inner.rewrite(input);
      const literal = order(input.anchors);
      if (!r.ok || !literal) return r;
      return {
        ...r,
        value: { ...r.value, source: `${r.value.source.trimEnd()}\n\nWhen unsure, answer "${literal}".\n` },
      };
    },
  };
}

async function evolve(
  world: World,
  pool: EvolveInputs["pool"],
  rewriter?: (r: Rewriter) => Rewriter,
  extra: Partial<EvolveDeps> = {},
) {
  const w = worldInputs(world);
  const inputs: EvolveInputs = {
    bank: w.bank,
    cases: w.cases,
    pool,
    categories: world.categories,
    config: { ...runConfigOf(EvolveConfig.parse({ seed: 3 })), maxIterations: 4, bootstrap: 200 },
    simulated: true,
    inputs: { bank: "b", cases: "c", pool: "p", world: "w" },
  };
  const roles = createSimRoles(world);
  if (rewriter) roles.rewriter = rewriter(roles.rewriter);
  return (await runEvolution(inputs, { roles, runner: createSimAgent(world), now: NOW, ...extra })).record;
}

/** Pool case ids the record says a model was shown: anchors and regression samples. */
const shownIn = (record: RunRecord) =>
  new Set(
    record.iterations.flatMap((it) => [
      ...it.rewrites.flatMap((r) => r.anchors),
      ...(it.child?.sample ?? []),
    ]),
  );

describe("the in-loop audit over the pool cases shown so far", () => {
  it("reads only the sampled and anchor files of a lazy pool, not the whole pool", async () => {
    const world = bigPoolWorld(5);
    const reads: string[] = [];
    const record = await evolve(world, await lazyWorldPool(world, reads));
    expect(record.iterations.filter((it) => it.audit).length).toBeGreaterThan(0);
    const shown = shownIn(record);
    expect(shown.size).toBeGreaterThan(0);
    // ...and, once selection is over, the held-back pool cases the PR's test is measured on.
    const heldBack = record.confirmationSet?.pool ?? [];
    expect(new Set(reads)).toEqual(new Set([...shown, ...heldBack]));
    expect(reads.length).toBe(new Set(reads).size); // each file once
    expect(reads.filter((id) => !heldBack.includes(id)).length).toBeLessThan(POOL / 2);
  });

  it("still refuses a child that pastes an anchor's order number", async () => {
    const world = bigPoolWorld(5);
    const fromAnchor = (anchors: readonly { task: { prompt: string } }[]) =>
      anchors.map((a) => /ZX\d{5}/.exec(a.task.prompt)?.[0]).find(Boolean);
    const record = await evolve(world, await lazyWorldPool(world, []), (r) => pasting(r, fromAnchor));
    const pasted = record.iterations.filter((it) =>
      it.rewrites.some((r) => r.anchors.length > 0 && r.status === "rewritten"),
    );
    expect(pasted.length).toBeGreaterThan(0);
    for (const it of pasted) {
      expect(it.audit?.refused).toBe(true);
      const leak = it.audit!.findings.find(
        (f) =>
          f.check === "literals" &&
          /"ZX\d{5}" appears in case sim-r\d+-p\d-x\d+ \(task\.prompt\)/.test(f.evidence),
      );
      expect(leak?.severity).toBe("error");
    }
  });

  it("does not count a never-shown pool case's literal in the loop; skillops audit over the folder does", async () => {
    const world = bigPoolWorld(5);
    const hidden = world.pool.at(-1)!.case;
    const literal = orderOf(POOL - 1);
    const record = await evolve(world, worldInputs(world).pool, (r) => pasting(r, () => literal));
    expect(shownIn(record).has(hidden.id)).toBe(false);
    const audited = record.iterations.filter((it) => it.audit);
    expect(audited.length).toBeGreaterThan(0);
    for (const it of audited)
      expect(it.audit!.findings.filter((f) => f.evidence.includes(literal))).toEqual([]);

    for (const wc of world.pool) await writeCase(join(dir, "pool"), wc.case);
    const files = worldBankFiles(world);
    const skill = files.find((f) => f.path.endsWith("SKILL.md"))!;
    for (const side of ["base", "cand"])
      for (const f of files) {
        const path = join(dir, side, f.path);
        await mkdir(dirname(path), { recursive: true });
        const extra = side === "cand" && f === skill ? `\nWhen unsure, answer "${literal}".\n` : "";
        await writeFile(path, `${new TextDecoder().decode(f.bytes)}${extra}`);
      }
    const cli = await runCli(["audit", "--base", "base", "--bank", "cand", "--pool", "pool"], dir);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain(`"${literal}" appears in case ${hidden.id} (task.prompt)`);
  });

  it("after a resume, still audits against the pool cases shown before it", async () => {
    const world = bigPoolWorld(5);
    const checkpoints: Checkpoint[] = [];
    const save = async (cp: Checkpoint) => void checkpoints.push(structuredClone(cp));
    await evolve(world, await lazyWorldPool(world, []), undefined, { checkpoint: save });
    const cp = checkpoints.find((c) =>
      c.state.iterations.some((it) => it.rewrites.some((r) => r.anchors.length)),
    )!;
    const before = new Set(cp.state.iterations.flatMap((it) => it.rewrites.flatMap((r) => r.anchors)));
    const shownBefore = [...before][0]!;
    const literal = /ZX\d{5}/.exec(world.pool.find((wc) => wc.case.id === shownBefore)!.case.task.prompt)![0];
    await rm(join(dir, "pool"), { recursive: true });
    const reads: string[] = [];
    const resumed = await evolve(world, await lazyWorldPool(world, reads), (r) => pasting(r, () => literal), {
      resume: cp,
    });
    const after = resumed.iterations.slice(cp.state.iterations.length);
    // The resumed iterations never show that case again, so only the record can say it was shown.
    expect([...shownIn({ ...resumed, iterations: after })]).not.toContain(shownBefore);
    const audited = after.filter((it) => it.audit);
    expect(audited.length).toBeGreaterThan(0);
    for (const it of audited) {
      const leak = it.audit!.findings.find((f) =>
        f.evidence.includes(`"${literal}" appears in case ${shownBefore}`),
      );
      expect(leak?.severity).toBe("error");
    }
    expect(reads).toContain(shownBefore);
  });
});
