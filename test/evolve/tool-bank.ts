// A small bank with tools, for the tool-operation tests: `tables` ships extract.py (argparse, --col),
// two skills call it by path, `tables` itself by name.
import { loadBank } from "../../src/core/bank/bank.js";
import type { SkillBank } from "../../src/core/bank/skill.js";

export function skillMd(name: string, body: string): string {
  return `---\nname: ${name}\ndescription: ${name} skill for the tool tests. Use when ${name} work comes up.\n---\n\n# ${name}\n\n${body}\n`;
}

export const EXTRACT_PY = [
  '"""Extract one column of a table."""',
  "import argparse",
  "p = argparse.ArgumentParser()",
  'p.add_argument("--col", type=int)',
  'p.add_argument("--file")',
  "a = p.parse_args()",
  "print(a.col)",
  "",
].join("\n");

export function bankOf(files: Record<string, string>): SkillBank {
  const enc = new TextEncoder();
  return loadBank(Object.entries(files).map(([path, text]) => ({ path, bytes: enc.encode(text) }))).bank;
}

export function toolBank(): SkillBank {
  return bankOf({
    "tables/SKILL.md": skillMd("tables", "Run `scripts/extract.py --col 2 --file t.csv` to read a column."),
    "tables/scripts/extract.py": EXTRACT_PY,
    "invoices/SKILL.md": skillMd(
      "invoices",
      "Totals: run `tables/scripts/extract.py --col 4 --file inv.csv`.",
    ),
    "refunds/SKILL.md": skillMd("refunds", "Amounts: run `tables/scripts/extract.py --col 3 --file r.csv`."),
    "other/SKILL.md": skillMd("other", "Unrelated guidance."),
  });
}

export const SCOPE = ["tables", "invoices", "refunds", "other"];

export function textAt(bank: SkillBank, path: string): string | undefined {
  const f = bank.files.find((x) => x.path === path);
  return f ? new TextDecoder().decode(f.bytes) : undefined;
}
