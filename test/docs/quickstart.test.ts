// docs/quickstart.md is run as written: every file it shows (a fenced block after a
// `<!-- file: PATH -->` marker) is written into an empty folder, then every `sh` block's lines run
// in order through the real CLI there, each expected to exit 0. "Your endpoint" (the page's
// placeholder URL in the config, and the key it exports) is the local OpenAI double, a scripted
// model playing the diagnosers, consolidator and rewriter, so nothing leaves the machine. The
// agent is the page's own script, run by the command runner under the default sandbox (bwrap).
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RunRecord } from "../../src/records/run-record.js";
import { runCli } from "../cli/run-cli.js";
import { model } from "../evolve/openai-refund-world.js";
import { startOpenAIDouble, type OpenAIDouble } from "../support/openai-double.js";
import { REPO_ROOT } from "../support/repo-root.js";

const PAGE = join(REPO_ROOT, "docs", "quickstart.md");
const YOUR_ENDPOINT = "https://your-endpoint.example/v1";

/** The files the page shows, by path, in page order. */
function pageFiles(markdown: string): [string, string][] {
  const marked = /^<!-- file: (\S+) -->\n```[^\n]*\n([\s\S]*?)^```/gm;
  return [...markdown.matchAll(marked)].map((m) => [m[1]!, m[2]!]);
}

/** Every line of every `sh` block, in page order (comments and blank lines left out). */
function pageCommands(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
  return blocks
    .flatMap((b) => b.split("\n"))
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
}

/** argv of a page command; the page keeps to words a plain split reads exactly as a shell would. */
function words(line: string): string[] {
  if (/["'`$|;&<>\\*?(){}]/.test(line)) throw new Error(`quickstart command needs a shell: ${line}`);
  return line.split(/\s+/);
}

let double: OpenAIDouble | undefined;
afterAll(async () => double?.close());

describe("docs/quickstart.md runs as written", () => {
  it("shows the agent, the config, a bank and five cases, and runs validate, eval, evolve and report", async () => {
    const markdown = await readFile(PAGE, "utf8");
    const files = pageFiles(markdown);
    expect(files.filter(([p]) => p.startsWith("cases/"))).toHaveLength(5);
    const commands = pageCommands(markdown);
    expect(commands.filter((c) => c.startsWith("skillops ")).map((c) => c.split(" ")[1])).toEqual([
      "validate",
      "validate",
      "eval",
      "evolve",
      "report",
    ]);

    double = await startOpenAIDouble(model);
    // "Your endpoint" on the page is the double here: its URL in the config, any key in the variable.
    expect(markdown.split(YOUR_ENDPOINT)).toHaveLength(2);
    const dir = await mkdtemp(join(tmpdir(), "skillops-quickstart-"));
    for (const [path, text] of files) {
      await mkdir(join(dir, dirname(path)), { recursive: true });
      await writeFile(join(dir, path), text.replace(YOUR_ENDPOINT, double.baseURL));
    }
    const yourKey: Record<string, string> = { OPENAI_API_KEY: "test-key" };
    const env: Record<string, string> = { PATH: process.env.PATH ?? "" };
    const outputs: string[] = [];
    for (const line of commands) {
      const exported = /^export (\w+)=\S+$/.exec(line);
      if (exported) {
        const name = exported[1]!;
        expect(yourKey, `the page exports ${name}, which this test cannot stand in for`).toHaveProperty(name);
        env[name] = yourKey[name]!;
        continue;
      }
      const [program, ...argv] = words(line);
      expect(program).toBe("skillops");
      const { code, stdout, stderr } = await runCli(argv, dir, env);
      expect(code, `${line}\n${stdout}\n${stderr}`).toBe(0);
      outputs.push(stdout);
    }

    // What the page says about the results holds: eval finds 2 of 5 passing, and the evolved
    // member (a rewritten refunds skill) passes all five; the report was written.
    expect(outputs[2]).toMatch(/\b40(\.0)?%/);
    expect(double.requests.flatMap((r) => r.errors)).toEqual([]);
    const record = RunRecord.parse(
      JSON.parse(await readFile(join(dir, "evolve-out/run-record.json"), "utf8")),
    );
    expect(record.baseline.total.rate).toBe(0.4);
    const star = record.frontier.find((m) => m.selected)!;
    expect(star.total.rate).toBe(1);
    expect(star.changes.map((c) => c.skill)).toEqual(["refunds"]);
    expect(await readFile(join(dir, "report.html"), "utf8")).toContain("<svg");
  }, 120_000);
});
