// Drive `skillops coldstart` in-process with captured output and a chosen environment, and read a
// written bank back: every back-link checked against the headings of the file it names.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { runCli } from "../cli/run-cli.js";
import { readHeadings } from "../../src/core/bank/policy-headings.js";
import { loadBankFromFolder } from "../../src/io/fsio/load-bank.js";
import { splitList } from "../../src/core/bank/validate.js";

export { runCli };

/** Every `FILE#slug` of the bank, with whether FILE (relative to `cwd`) has a heading of that slug. */
export async function backLinks(bankDir: string, cwd: string) {
  const { bank, diagnostics } = await loadBankFromFolder(bankDir, { mode: "strict" });
  const links: { skill: string; link: string; resolves: boolean }[] = [];
  for (const s of bank.skills) {
    for (const link of splitList(s.frontmatter.metadata?.policy)) {
      const [file, slug] = link.split("#");
      const text = await readFile(resolve(cwd, file!), "utf8").catch(() => "");
      links.push({ skill: s.name, link, resolves: readHeadings(text).some((h) => h.slug === slug) });
    }
  }
  return { bank, diagnostics, links };
}
