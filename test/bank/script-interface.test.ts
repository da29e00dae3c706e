import { describe, expect, it } from "vitest";
import {
  formatInterface,
  scriptInterface,
  skillScriptInterfaces,
} from "../../src/core/bank/script-interface.js";
import { renderRewriterPrompt } from "../../src/core/llm/prompts/rewriter.js";
import { toolBank } from "../evolve/tool-bank.js";

describe("scriptInterface", () => {
  it("reads a Python docstring and argparse arguments", () => {
    const text =
      '#!/usr/bin/env python3\n"""Extract one column."""\nimport argparse\np.add_argument("--col", "-c")\np.add_argument("file")\n';
    expect(scriptInterface("t/scripts/x.py", text)).toEqual({
      summary: "Extract one column.",
      args: ["--col", "-c", "file"],
    });
  });

  it("reads sys.argv positions and a usage line", () => {
    const text = "# usage: total.py FILE [--round]\nimport sys\nf = sys.argv[1]\n";
    expect(scriptInterface("t/scripts/total.py", text)).toEqual({
      summary: "usage: total.py FILE [--round]",
      args: ["argv[1]", "--round"],
    });
  });

  it("reads bash positionals and getopts, node argv", () => {
    expect(
      scriptInterface("t/scripts/a.sh", '#!/bin/bash\n# Sum a file.\ngetopts "nv:" o\necho "$1" ${2}\n'),
    ).toEqual({
      summary: "Sum a file.",
      args: ["-n", "-v", "$1", "$2"],
    });
    expect(scriptInterface("t/scripts/a.js", "// Count rows.\nconst f = process.argv[2];\n").args).toEqual([
      "argv[2]",
    ]);
  });

  it("formats one prompt line, saying when there are no arguments", () => {
    expect(formatInterface("scripts/x.py", { summary: "Do it.", args: ["--a"] })).toBe(
      "scripts/x.py --a — Do it.",
    );
    expect(formatInterface("scripts/y.sh", { summary: "", args: [] })).toBe("scripts/y.sh (no arguments)");
  });
});

describe("the rewriter's prompt", () => {
  it("shows each script's interface, not only its name", () => {
    const bank = toolBank();
    const skill = bank.skills.find((s) => s.name === "tables")!;
    const interfaces = skillScriptInterfaces(bank.files, skill);
    expect(interfaces).toEqual([
      {
        path: "scripts/extract.py",
        signature: "scripts/extract.py --col --file — Extract one column of a table.",
      },
    ]);
    const messages = renderRewriterPrompt({
      name: "tables",
      source: skill.source,
      plan: "p",
      anchors: [],
      siblings: [],
      auxiliary: skill.auxiliary.map((a) => ({ ...a, signature: interfaces[0]!.signature })),
    });
    expect(messages[1]!.content).toContain(
      `- scripts/extract.py (scripts, ${skill.auxiliary[0]!.size} bytes); usage: scripts/extract.py --col --file — Extract one column of a table.`,
    );
  });
});
