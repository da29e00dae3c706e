import { describe, expect, it } from "vitest";
import { formatInterface, scriptInterface } from "../../src/bank/script-interface.js";

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
