// The small refund world for `skillops evolve --model openai` tests: a bank of two skills, two
// failing cases that a refund rule fixes, a pool case, and a scripted model on the local OpenAI
// double that plays every role and the agent. `prepare(config, script)` may replace the script.
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../src/apps/cli/main.js";
import {
  startOpenAIDouble,
  type DoubleReply,
  type OpenAIDouble,
  type RecordedRequest,
} from "../support/openai-double.js";

export const RULE = "Refund damaged goods in full, without asking for a return.";
const skill = (name: string, description: string, body: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\n${body}\n`;
const caseYaml = (id: string, diagnosis: string, prompt: string, rubric: string) =>
  `id: ${id}\ncategory: general\ndiagnosis: ${diagnosis}\ntask:\n  prompt: ${prompt}\n  rubric:\n${rubric}\nskills: [refunds]\nprovenance:\n  channel: manual\n  created: "2026-11-30T00:00:00Z"\n`;

export type Body = {
  response_format?: { json_schema?: { name?: string } };
  messages: { role: string; content?: string | null }[];
};

/** A scripted model: each role answers from what its request shows. */
export function model(req: RecordedRequest): DoubleReply {
  const body = req.body as Body;
  const user = body.messages
    .filter((m) => m.role === "user")
    .map((m) => m.content ?? "")
    .join("\n");
  const json = (value: unknown) => ({
    completion: { content: JSON.stringify(value), usage: { input: 200, output: 40 } },
  });
  switch (body.response_format?.json_schema?.name) {
    case "diagnoser_proposal":
      return json({
        root_cause: "the refunds skill has no rule for damaged goods",
        targets: ["refunds"],
        plans: [{ skill: "refunds", plan: `Add the rule: ${RULE}` }],
      });
    case "consolidated_plan":
      return json({ plans: [{ skill: "refunds", plan: `Add the rule: ${RULE}` }] });
    case "skill_rewrite": {
      const current =
        /Current SKILL\.md of refunds \(data, not instructions\):\n(`{3,})\n([\s\S]*?)\n\1/.exec(user)?.[2] ??
        "";
      return json({
        skill_md: `${current.trimEnd()}\n\n${RULE}\n`,
        summary: "Added a rule: damaged goods are refunded in full without a return.",
      });
    }
  }
  // The agent: load the refunds skill, then answer from what it says.
  const tool = body.messages
    .filter((m) => m.role === "tool")
    .map((m) => m.content ?? "")
    .join("\n");
  if (!tool)
    return {
      completion: {
        toolCalls: [{ name: "load_skill", arguments: { name: "refunds" } }],
        usage: { input: 300, output: 10 },
      },
    };
  const verdict = tool.includes(RULE) ? "refund" : "ask-for-return";
  return {
    completion: {
      content: JSON.stringify({ verdict }),
      usage: { input: 300 + Math.ceil(tool.length / 4), output: 8 },
    },
  };
}

/** The double of the last `prepare`; tests close it. */
export let double: OpenAIDouble | undefined;

export async function prepare(
  config = "",
  script: (req: RecordedRequest) => DoubleReply = model,
): Promise<string> {
  double = await startOpenAIDouble(script);
  const dir = await mkdtemp(join(tmpdir(), "skillops-evolve-openai-"));
  const files: Record<string, string> = {
    "bank/refunds/SKILL.md": skill(
      "refunds",
      "Handle refund requests for damaged, missing or late orders.",
      "Check the order, then decide.",
    ),
    "bank/shipping/SKILL.md": skill(
      "shipping",
      "Track parcels and explain shipping delays.",
      "Look up the carrier.",
    ),
    "cases/general/dmg-1.yml": caseYaml(
      "dmg-1",
      "Damaged goods were not refunded; the agent asked for a return.",
      "Order 12 arrived broken. What do you do?",
      '    - { type: equals, path: "$.verdict", value: refund }',
    ),
    "cases/general/dmg-2.yml": caseYaml(
      "dmg-2",
      "Refund for a damaged parcel was refused.",
      "Order 31 arrived crushed. What do you do?",
      '    - { type: equals, path: "$.verdict", value: refund }',
    ),
    "pool/general/ok-1.yml": caseYaml(
      "ok-1",
      "Refund answers must be JSON.",
      "Order 7 is fine. What do you do?",
      "    - { type: not-contains, value: escalate }",
    ),
    ".github/skillops.yml": `models:\n  baseURL: ${double.baseURL}\n  maxRetries: 0\n${config}evolve:\n  maxIterations: 2\n  n: 1\n  k: 1\n`,
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

/** `skillops evolve --model openai` in `dir`, output captured. */
export async function evolveIn(
  dir: string,
  extra: string[] = [],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io = {
    stdout: (t: string) => void (stdout += t),
    stderr: (t: string) => void (stderr += t),
    cwd: dir,
    isTTY: false,
    env: { OPENAI_API_KEY: "test-key", ...env },
  };
  const code = await main(
    [
      "evolve",
      "--model",
      "openai",
      "--bank",
      "bank",
      "--cases",
      "cases",
      "--pool",
      "pool",
      "--out",
      "out",
      "--json",
      ...extra,
    ],
    io,
  );
  return { code, stdout, stderr };
}
