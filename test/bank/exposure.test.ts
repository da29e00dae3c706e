// The exposure list in bank.yml: what the agent sees, and part of the candidate hash only when present.
import { describe, expect, it } from "vitest";
import { loadBank } from "../../src/core/bank/bank.js";
import { exposedSkills, exposureOf, withExposure } from "../../src/core/bank/exposure.js";
import { hashBank } from "../../src/core/bank/hash.js";
import { BASELINE_MANIFEST, parseBankManifest, renderBankManifest } from "../../src/records/bank-manifest.js";
import type { BankFile } from "../../src/core/bank/skill.js";

const enc = new TextEncoder();
const skill = (name: string): BankFile => ({
  path: `${name}/SKILL.md`,
  bytes: enc.encode(`---\nname: ${name}\ndescription: Use when ${name} applies.\n---\n# ${name}\n\nDo it.\n`),
});
const manifest = (extra: Record<string, unknown> = {}): BankFile => ({
  path: "bank.yml",
  bytes: enc.encode(renderBankManifest({ ...BASELINE_MANIFEST, ...extra })),
});
const files = [skill("alpha"), skill("beta"), skill("gamma")];

describe("exposure list", () => {
  it("leaves the hash of a bank without one unchanged, bank.yml or not", () => {
    expect(hashBank([...files, manifest()])).toBe(hashBank(files));
    expect(hashBank([...files, manifest({ candidate: "abc", run: "r-1" })])).toBe(hashBank(files));
  });

  it("is part of the hash when present, as a set", () => {
    const a = hashBank([...files, manifest({ exposure: ["alpha", "gamma"] })]);
    expect(a).not.toBe(hashBank(files));
    expect(hashBank([...files, manifest({ exposure: ["gamma", "alpha"] })])).toBe(a);
    expect(hashBank([...files, manifest({ exposure: ["alpha"] })])).not.toBe(a);
    // An empty list (nothing shown) differs from no list (everything shown).
    expect(hashBank([...files, manifest({ exposure: [] })])).not.toBe(hashBank(files));
  });

  it("limits the skills the agent sees; absent means all", () => {
    const { bank } = loadBank(files);
    expect(
      exposedSkills(bank, bank.skills)
        .map((s) => s.name)
        .sort(),
    ).toEqual(["alpha", "beta", "gamma"]);
    const shown = withExposure(bank, ["gamma", "alpha"]);
    expect(exposureOf(shown)).toEqual(["alpha", "gamma"]);
    expect(
      exposedSkills(shown, shown.skills)
        .map((s) => s.name)
        .sort(),
    ).toEqual(["alpha", "gamma"]);
    expect(hashBank(withExposure(shown, undefined).files)).toBe(hashBank(files));
  });

  it("keeps the rest of an existing bank.yml when set", () => {
    const { bank } = loadBank([...files, manifest({ operatingPoint: "accuracy", candidate: "1234abcd" })]);
    const yml = withExposure(bank, ["beta"]).files.find((f) => f.path === "bank.yml")!;
    const parsed = parseBankManifest(new TextDecoder().decode(yml.bytes));
    expect(parsed).toMatchObject({ operatingPoint: "accuracy", candidate: "1234abcd", exposure: ["beta"] });
  });

  it("refuses a malformed exposure with the field named", () => {
    expect(() =>
      parseBankManifest("operatingPoint: baseline\ncandidate: null\nrun: null\nmetrics: null\nexposure: 3\n"),
    ).toThrow(/skill-bank\/bank.yml: exposure: /);
  });
});
