// Model-free diagnoser, consolidator merge, rewriter and tool-smith for the simulated world, in process
// for the fast engine tests and the benches (docs/simulated-world.md); the product plays these roles
// on the simulated endpoint. The vote filter between them is the engine's real code; only the merge
// here is simulated (a union of the retained edits). Token counts imitate what a model would read and
// write. The decisions themselves live in src/sim (diagnose-in-world.ts, merge-plans.ts,
// rewrite-in-world.ts, tool-smith-in-world.ts), which the simulated endpoint shares.
import type {
  Consolidator,
  Diagnoser,
  Rewriter,
  Roles,
  Strategist,
  ToolSmith,
} from "../../../src/core/llm/roles.js";
import { writeStrategiesInWorld } from "../../../src/sim/write-strategies.js";
import { TOOL_OP_KINDS, type ToolOpKind } from "../../../src/records/tool-op.js";
import { createRng } from "../../../src/vocabulary/rng.js";
import { diagnoseInWorld } from "../../../src/sim/diagnose-in-world.js";
import { mergePlans } from "../../../src/sim/merge-plans.js";
import { chooseGraftInWorld } from "../../../src/sim/graft-in-world.js";
import { rewriteInWorld } from "../../../src/sim/rewrite-in-world.js";
import { toolSmithInWorld } from "../../../src/sim/tool-smith-in-world.js";
import { tokensOf } from "../../../src/sim/token-count.js";
import type { World } from "../../../src/sim/world.js";

export interface SimRoleOptions {
  /**
   * The typed tool operations the diagnoser may propose (default: all of them in a world with
   * tools); none means prose-only evolution, with no tool-smith. bench/tools.ts ablates them.
   */
  toolOps?: readonly ToolOpKind[];
}

export function createSimRoles(world: World, opts: SimRoleOptions = {}): Roles {
  const toolOps = world.tools ? (opts.toolOps ?? TOOL_OP_KINDS) : [];
  return {
    diagnoser: simDiagnoser(world, toolOps),
    consolidator: simConsolidator(),
    rewriter: simRewriter(world),
    ...(toolOps.length ? { toolSmith: simToolSmith(world) } : {}),
    strategist: simStrategist(),
  };
}

/** SkillEvolver's strategist: the world's K strategies (write-strategies.ts), as the endpoint writes them. */
export function simStrategist(): Strategist {
  return {
    async write({ k, skills, tasks, seed, weakSpots }) {
      const value = writeStrategiesInWorld(
        skills.map((s) => s.name),
        k,
        createRng(seed),
        weakSpots,
      );
      return { ok: true, value, usage: usage(JSON.stringify({ skills, tasks }), JSON.stringify(value)) };
    },
  };
}

function usage(read: string, wrote: string) {
  return { input: tokensOf(read), output: tokensOf(wrote), cached: 0 };
}

export function simDiagnoser(world: World, toolOps?: readonly ToolOpKind[]): Diagnoser {
  return {
    async diagnose({ parent, batch, seed, localisation, tried }) {
      const value = diagnoseInWorld(world, parent, batch, createRng(seed), {
        ...(localisation ? { localisation } : {}),
        ...(toolOps ? { toolOps } : {}),
        ...(tried ? { tried } : {}),
      });
      const read = parent.map((s) => s.source).join("\n") + batch.map((c) => c.diagnosis).join("\n");
      return { ok: true, value, usage: usage(read, JSON.stringify(value)) };
    },
  };
}

export function simConsolidator(): Consolidator {
  return {
    async merge({ proposals }) {
      const value = mergePlans(proposals);
      return { ok: true, value, usage: usage(JSON.stringify(proposals), JSON.stringify(value)) };
    },
  };
}

export function simRewriter(world: World): Rewriter {
  return {
    async chooseDonor({ offers, failing }) {
      const value = chooseGraftInWorld(world, { offers, failingIds: failing.map((c) => c.id) });
      const read = [...offers.map((o) => o.text), ...failing.map((c) => c.diagnosis)].join("\n");
      return { ok: true, value, usage: usage(read, value.reason) };
    },
    async rewrite({ skill, plan, anchors, siblings, seed, auditFindings }) {
      const flagged = auditFindings?.map((f) => f.evidence).join("\n");
      const value = rewriteInWorld(
        world,
        {
          name: skill.name,
          source: skill.source,
          plan,
          anchorIds: anchors.map((a) => a.id),
          ...(flagged ? { flagged } : {}),
        },
        createRng(seed),
      );
      const read = [
        skill.source,
        plan,
        ...anchors.map((a) => a.diagnosis),
        ...siblings.map((s) => s.summary),
        flagged ?? "",
      ].join("\n");
      return { ok: true, value, usage: usage(read, value.source + value.summary) };
    },
  };
}

export function simToolSmith(world: World): ToolSmith {
  return {
    async carryOut({ tool, plan, op, source, callers }) {
      const read = [plan, source ?? "", ...callers.map((c) => c.text)].join("\n");
      if (!op)
        return {
          ok: false,
          failure: "the simulated tool-smith needs a typed operation",
          usage: usage(read, ""),
        };
      const value = toolSmithInWorld(world, { tool, op, callers });
      if (typeof value === "string") return { ok: false, failure: value, usage: usage(read, "") };
      return { ok: true, value, usage: usage(read, JSON.stringify(value)) };
    },
  };
}
