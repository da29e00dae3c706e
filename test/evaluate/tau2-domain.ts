// A τ²-bench-format domain (policy.md, db.json, tasks.json) turned into what the reference-runner
// tests need: a bank whose skill carries the policy and a script, and pool cases built from tasks.
// Loaded from the real τ² mock domain when present, and always from our own fixture.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadBank } from "../../src/core/bank/bank.js";
import type { BankFile } from "../../src/core/bank/skill.js";
import { Case } from "../../src/records/case.js";

/** Our own domain in τ² format (test/fixtures/tau2-format), written for these tests. */
export const FIXTURE_DOMAIN = fileURLToPath(new URL("../fixtures/tau2-format", import.meta.url));

interface Tau2Task {
  id: string;
  ticket?: string;
  evaluation_criteria: {
    actions?: { name: string; arguments: Record<string, unknown> }[];
    nl_assertions?: string[];
  };
}

const enc = (s: string) => new TextEncoder().encode(s);

export function loadTau2Domain(dir: string) {
  const policy = readFileSync(resolve(dir, "policy.md"), "utf8");
  const db = readFileSync(resolve(dir, "db.json"), "utf8");
  const tasks = JSON.parse(readFileSync(resolve(dir, "tasks.json"), "utf8")) as Tau2Task[];
  const bankFiles: BankFile[] = [
    {
      path: "mock-tasks/SKILL.md",
      bytes: enc(
        `---\nname: mock-tasks\ndescription: Create, update and refuse task requests under the mock domain policy (titles, statuses, existing users, no deletion).\n---\n${policy}\n`,
      ),
    },
    {
      path: "mock-tasks/scripts/check_user.py",
      bytes: enc(
        'import json, sys\ndb = json.load(open("db.json"))\nprint("exists" if sys.argv[1] in db["users"] else "missing")\n',
      ),
      executable: true,
    },
    {
      path: "mock-tasks/knowledge.md",
      bytes: enc(
        "# Knowledge: mock-tasks\n\n## 1\nAlways check the user exists before creating a task.\n\nProvenance: issue #7 by @alice\n",
      ),
    },
    {
      path: "compliments/SKILL.md",
      bytes: enc(
        "---\nname: compliments\ndescription: Compliment the user when they ask for one.\n---\nBe warm and specific.\n",
      ),
    },
  ];
  const { bank, diagnostics } = loadBank(bankFiles);

  /** A pool case built from a τ² mock task: gold actions → equals items, nl_assertions → judge items. */
  const caseFromTau2 = (id: string): Case => {
    const t = tasks.find((x) => x.id === id)!;
    const actions = t.evaluation_criteria.actions ?? [];
    return Case.parse({
      id: id.replace(/_/g, "-"),
      category: "general",
      diagnosis: `τ² mock task ${id}`,
      task: {
        prompt: `${t.ticket}\nAnswer with JSON: {"actions": [{"name", "arguments"}], "reply": "<what you tell the user>"}.`,
        files: [{ path: "db.json", content: db }],
        rubric: [
          ...actions.flatMap((a, i) => [
            { type: "equals", path: `$.actions[${i}].name`, value: a.name },
            { type: "equals", path: `$.actions[${i}].arguments`, value: a.arguments },
          ]),
          ...(t.evaluation_criteria.nl_assertions ?? []).map((criterion) => ({ type: "judge", criterion })),
        ],
      },
      provenance: {
        channel: "import",
        created: "2026-11-30T00:00:00Z",
        license: "MIT (sierra-research/tau2-bench)",
      },
    });
  };
  /** The gold tool calls of a task, as the agent should answer them. */
  const goldActions = (id: string) =>
    (tasks.find((x) => x.id === id)!.evaluation_criteria.actions ?? []).map((a) => ({
      name: a.name,
      arguments: a.arguments,
    }));
  return { policy, db, bankFiles, bank, diagnostics, caseFromTau2, goldActions };
}

export type Tau2Domain = ReturnType<typeof loadTau2Domain>;
