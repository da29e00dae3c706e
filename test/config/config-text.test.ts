// The config's text → a Config or problems with line, column, key path and the nearest valid key,
// read within CONFIG_YAML_CAPS (a pull request may propose any text; the app checks it on the
// webhook's clock).
import { describe, expect, it } from "vitest";
import {
  CONFIG_YAML_CAPS,
  formatConfigProblem,
  MAX_CONFIG_PROBLEMS,
  readConfigText,
} from "../../src/core/config/config-text.js";
import { validateConfigText } from "../../src/apps/app/config-load.js";

const problemsOf = (text: string) => {
  const r = readConfigText(text);
  return r.ok ? [] : r.problems;
};

describe("readConfigText", () => {
  it("an empty file is the defaults", () => {
    expect(readConfigText("")).toMatchObject({ ok: true, config: { bank: "skill-bank" } });
  });

  it("names the line, column and key path of a typo, with the key meant", () => {
    const [p] = problemsOf("categories: [general]\nevaluate:\n  runner: reference\n  timoutMs: 5\n");
    expect(p).toEqual({
      line: 4,
      col: 3,
      path: "evaluate.timoutMs",
      message: 'unknown key; did you mean "timeoutMs"?',
    });
    expect(formatConfigProblem(".github/skillops.yml", p!)).toBe(
      '.github/skillops.yml:4:3: evaluate.timoutMs: unknown key; did you mean "timeoutMs"?',
    );
    expect(problemsOf("models:\n  roles:\n    agent: {modle: x}\n")).toEqual([
      expect.objectContaining({ line: 3, col: 13, path: "models.roles.agent.modle" }),
    ]);
    expect(problemsOf("zzz: 1\n")[0]?.message).toMatch(/^unknown key \(expected one of: .*categories/);
  });

  it("gives a wrong value its line and path", () => {
    expect(problemsOf("evolve:\n  topK: -1\n")).toEqual([
      expect.objectContaining({ line: 2, col: 9, path: "evolve.topK" }),
    ]);
  });

  it("lists at most MAX_CONFIG_PROBLEMS problems and counts the rest", () => {
    const text = Array.from({ length: 30 }, (_, i) => `unknown${i}: 1`).join("\n");
    const problems = problemsOf(text);
    expect(problems).toHaveLength(MAX_CONFIG_PROBLEMS + 1);
    expect(problems.at(-1)).toEqual({ path: "", message: "… and 10 more problem(s)" });
  });
});

describe("the app's check of a proposed config", () => {
  it("refuses a flat 16,000-key map by its size, before parsing it", () => {
    const text = Array.from({ length: 16_000 }, (_, i) => `key${i}: ${i}`).join("\n");
    // The cap's own message is the proof it was refused before parsing (no timing: bench:parse-caps).
    const r = validateConfigText(text);
    expect(r).toEqual({
      ok: false,
      problems: [
        `\`.github/skillops.yml\`: the config is ${text.length.toLocaleString("en-US")} characters; the cap is 65,536 (line 1, column 1)`,
      ],
    });
  });

  it("refuses more nodes than the cap, with the line where the cap was passed", () => {
    const text = Array.from({ length: 1_500 }, (_, i) => `k${i}: 1`).join("\n");
    expect(validateConfigText(text)).toEqual({
      ok: false,
      problems: [
        `\`.github/skillops.yml\`: the config has more than ${CONFIG_YAML_CAPS.maxNodes.toLocaleString("en-US")} nodes (the cap) (line 1001, column 1)`,
      ],
    });
  });

  it("names the line and the key meant", () => {
    expect(validateConfigText("evaluate:\n  timoutMs: 5\n")).toEqual({
      ok: false,
      problems: [
        '`.github/skillops.yml`: `evaluate.timoutMs`: unknown key; did you mean "timeoutMs"? (line 2, column 3)',
      ],
    });
  });
});
