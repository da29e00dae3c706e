// Check 4, shape-bake: scripts that index by fixed keys or columns without probing, or dispatch on
// case data. Each pattern has a script that trips it and a near twin that does not.
import { beforeAll, describe, expect, it } from "vitest";
import { auditBank } from "../../src/core/audit/audit.js";
import type { CaseField } from "../../src/core/audit/case-texts.js";
import type { SkillBank } from "../../src/core/bank/skill.js";
import { exampleBank, examplePoolFields, inputOf, withFile } from "./audit-fixture.js";

let base: SkillBank;
let cases: CaseField[];
beforeAll(async () => {
  base = await exampleBank();
  cases = await examplePoolFields();
});

const shapeBakeOf = (file: string, text: string) =>
  auditBank(inputOf(base, withFile(base, `find-reservation/scripts/${file}`, text), cases)).filter(
    (f) => f.check === "shapeBake",
  );

describe("shape-bake: fixed keys and columns", () => {
  it("errs (Check 4 is critical) on a Python script that indexes by a case's reservation id", () => {
    const found = shapeBakeOf(
      "lookup.py",
      'import json, sys\nrows = json.load(open(sys.argv[1]))\nif "status" in rows:\n    print(rows["H8Q05L"])\n',
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      severity: "error",
      line: 4,
      file: "find-reservation/scripts/lookup.py",
    });
    expect(found[0]!.evidence).toBe(
      'indexes by the fixed key "H8Q05L" (`rows["H8Q05L"]`), a constant a case holds',
    );
  });
  it("warns on fixed keys and column positions when the script never looks at the data's shape", () => {
    const py = 'import csv, sys\nrow = next(csv.reader(open(sys.argv[1])))\nprint(row[7], data["amount"])\n';
    const js =
      'const data = JSON.parse(require("fs").readFileSync(process.argv[2]));\nconsole.log(data["amount"]);\n';
    const sh = '#!/bin/bash\nawk -F, \'{print $7}\' "$1"\ncut -d, -f3 "$1"\n';
    const pandas = "import pandas as pd\ndf = pd.read_csv('x.csv')\nprint(df.iloc[:, 7].sum())\n";
    expect(shapeBakeOf("a.py", py).map((f) => f.line)).toEqual([3]);
    expect(shapeBakeOf("a.js", js).map((f) => f.evidence)).toEqual([
      'indexes by the fixed key "amount" (`data["amount"]`), and the script never reads its keys, columns or header',
    ]);
    expect(shapeBakeOf("a.sh", sh).map((f) => f.line)).toEqual([2, 3]);
    expect(shapeBakeOf("p.py", pandas).map((f) => f.evidence)).toEqual([
      "indexes by the fixed column 7 (`.iloc[:, 7]`), and the script never reads its keys, columns or header",
    ]);
  });
  it("is quiet when the script probes the keys, columns or header before indexing", () => {
    const py =
      'import csv, sys\nreader = csv.DictReader(open(sys.argv[1]))\nfor row in reader:\n    if "amount" in row:\n        print(row["amount"])\n';
    const js =
      'const data = JSON.parse(require("fs").readFileSync(process.argv[2]));\nif (Object.keys(data).includes("amount")) console.log(data["amount"]);\n';
    const pandas =
      "import pandas as pd\ndf = pd.read_csv('x.csv')\ncol = list(df.columns).index('total')\nprint(df.iloc[:, 7])\n";
    const sh = '#!/bin/bash\nhead -n 1 "$1"\nawk -F, \'{print $7}\' "$1"\n';
    for (const [f, t] of [
      ["a.py", py],
      ["a.js", js],
      ["p.py", pandas],
      ["a.sh", sh],
    ] as const)
      expect(shapeBakeOf(f, t)).toEqual([]);
  });
  it("ignores arguments, the environment, comments and pairs", () => {
    const py =
      'import os, sys\n# row["H8Q05L"] was the old way\nprint(sys.argv[2], os.environ["HOME"], pair[1])\n';
    expect(shapeBakeOf("a.py", py)).toEqual([]);
  });
});

describe("shape-bake: keyword dispatch on case data", () => {
  it("errs when a chain of comparisons routes on 3 customers the cases name (the paper's ≥ 3)", () => {
    const py =
      'import sys\nuser = sys.argv[1]\nif user == "emma_kim_9957":\n    print("refund")\nelif user == "james_patel_9828":\n    print("deny")\nelif user == "omar_davis_3817":\n    print("ask")\n';
    const found = shapeBakeOf("route.py", py);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ line: 3, severity: "error" });
    expect(found[0]!.evidence).toBe(
      'dispatches on 3 literals the cases hold and the base bank does not ("emma_kim_9957", "james_patel_9828", "omar_davis_3817")',
    );
  });
  it("is quiet on 2 such literals: below the paper's threshold of 3", () => {
    const py =
      'import sys\nuser = sys.argv[1]\nif user == "emma_kim_9957":\n    print("refund")\nelif user == "james_patel_9828":\n    print("deny")\n';
    expect(shapeBakeOf("route.py", py)).toEqual([]);
  });
  it("catches a JS switch and a shell case statement the same way", () => {
    const js =
      'switch (process.argv[2]) {\n  case "emma_kim_9957": break;\n  case "james_patel_9828": break;\n  case "omar_davis_3817": break;\n}\n';
    const sh =
      '#!/bin/bash\ncase "$1" in\n  emma_kim_9957) echo refund ;;\n  james_patel_9828) echo deny ;;\n  omar_davis_3817) echo ask ;;\nesac\n';
    expect(shapeBakeOf("r.js", js).map((f) => f.line)).toEqual([2]);
    expect(shapeBakeOf("r.sh", sh).map((f) => f.line)).toEqual([3]);
  });
  it("is quiet on a dispatch over the bank's own vocabulary", () => {
    const py =
      'import sys\ntier = sys.argv[1]\nif tier == "gold":\n    print(3)\nelif tier == "silver":\n    print(2)\n';
    expect(shapeBakeOf("tier.py", py)).toEqual([]);
  });
  it("an unchanged script is not examined", () => {
    const text = 'print(rows["H8Q05L"])\n';
    const bank = withFile(base, "find-reservation/scripts/lookup.py", text);
    expect(auditBank(inputOf(bank, bank, cases)).filter((f) => f.check === "shapeBake")).toEqual([]);
  });
});
