// How the audit reaches `evolve` (issue 14): the config's severities in the run config (and the
// resume check), and the CLI's script checker, which parses a child bank held in memory.
import { describe, expect, it } from "vitest";
import { changedScripts } from "../../src/core/audit/script-bloat.js";
import { parseBankScripts } from "../../src/apps/cli/audit/audit-scripts.js";
import { engineConfig, type EvolveFlags } from "../../src/apps/cli/evolve/evolve-flags.js";
import { Config } from "../../src/core/config/config.js";
import { resumeMismatch } from "../../src/core/evolve/checkpoint.js";
import { exampleBank, withFile } from "../audit/audit-fixture.js";
import { TEST_CONTAINMENT } from "../support/containment.js";

const inputs = { bank: "b", cases: "c", pool: "p" };

describe("the audit's severities in the run config", () => {
  it("records only configured severities, so a checkpoint from before the audit still resumes", () => {
    const plain = engineConfig(Config.parse({}), {} as EvolveFlags);
    expect(plain).not.toHaveProperty("audit");
    const strict = engineConfig(
      Config.parse({ audit: { checks: { literals: "warning" } } }),
      {} as EvolveFlags,
    );
    expect(strict.audit).toEqual({ literals: "warning" });
    expect(resumeMismatch({ inputs, config: plain }, inputs, plain)).toEqual([]);
    expect(resumeMismatch({ inputs, config: plain }, inputs, strict)).toEqual([
      'config.audit: checkpoint undefined, now {"literals":"warning"}',
    ]);
  });
});

describe("parseBankScripts (EvolveDeps.checkScripts from the CLI)", () => {
  it("parses a child's changed scripts from memory: a broken one fails, a sound one passes", async () => {
    const base = await exampleBank();
    const dir = base.skills[0]!.dir;
    let child = withFile(base, `${dir}/scripts/broken.sh`, 'if then fi "\n');
    child = withFile(child, `${dir}/scripts/sound.sh`, "echo ok\n");
    const scripts = changedScripts({ base, candidate: child, cases: [], policies: {}, scripts: [] });
    expect(scripts.map((s) => s.file).sort()).toEqual([
      `${dir}/scripts/broken.sh`,
      `${dir}/scripts/sound.sh`,
    ]);
    const parsed = await parseBankScripts(
      child,
      scripts.map(({ skill, file }) => ({ skill, file })),
      TEST_CONTAINMENT,
    );
    const byFile = new Map(parsed.map((p) => [p.file, p]));
    expect(byFile.get(`${dir}/scripts/broken.sh`)?.status).toBe("failed");
    expect(byFile.get(`${dir}/scripts/sound.sh`)?.status).toBe("ok");
  });
});
