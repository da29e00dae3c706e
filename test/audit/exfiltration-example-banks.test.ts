// The exfiltration checks stay quiet on the repository's own banks, audited whole (every line counts
// as added against an empty base): the example bank, the skill fixtures, the kernel world's bank and
// generated simulated worlds with tool scripts. A false positive here would refuse honest children.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { auditBank } from "../../src/core/audit/audit.js";
import { loadBank } from "../../src/core/bank/bank.js";
import type { SkillBank } from "../../src/core/bank/skill.js";
import { loadBankFromFolder } from "../../src/io/fsio/load-bank.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldBank } from "../../src/sim/world-inputs.js";
import { withToolDefects } from "../../src/sim/tool-world.js";
import { parseWorld } from "../../src/sim/world.js";
import { AUDIT_CHECKS, type AuditCheck } from "../../src/records/audit-check.js";
import { REPO } from "./audit-fixture.js";

const EXFILTRATION: AuditCheck[] = ["secretDisclosure", "credentialRead", "networkFetch", "dynamicCode"];
const othersOff = Object.fromEntries(
  AUDIT_CHECKS.filter((c) => !EXFILTRATION.includes(c)).map((c) => [c, "off" as const]),
);

async function banks(): Promise<[string, SkillBank][]> {
  const out: [string, SkillBank][] = [
    ["skill-bank", (await loadBankFromFolder(join(REPO, "skill-bank"))).bank],
    ["test/fixtures/skills", (await loadBankFromFolder(join(REPO, "test/fixtures/skills"))).bank],
    ["kernel world", worldBank(parseWorld(readFileSync(join(REPO, "examples/kernels/world.yml"), "utf8")))],
  ];
  for (const seed of [1, 2, 3, 4, 5])
    out.push([`tool world ${seed}`, worldBank(withToolDefects(generateWorld({ seed, rules: 20 })))]);
  return out;
}

describe("the exfiltration checks on the repository's banks", () => {
  it("find nothing in any of them", async () => {
    const empty = loadBank([]).bank;
    const all = await banks();
    expect(all.every(([, bank]) => bank.skills.length > 0)).toBe(true);
    expect(EXFILTRATION.every((c) => AUDIT_CHECKS.includes(c))).toBe(true);
    for (const [name, bank] of all) {
      const found = auditBank(
        { base: empty, candidate: bank, cases: [], policies: {}, scripts: [] },
        othersOff,
      );
      expect(found, name).toEqual([]);
    }
  });
});
