// The attack from issue 25, end to end through `skillops evolve --model openai`: the endpoint plays a
// model that obeys an injected instruction. Its tool-smith patches a skill's script into a hostile
// program (hidden from a static audit), and its agent runs that script with run_script while the
// child is measured, before any person has reviewed it. The caller's environment holds the model key
// and a GitHub token. Nothing secret may reach the script, the model, the run's files or its output,
// and the script's write, reads of hidden files, privileged calls (mount, umount2, unshare,
// ptrace), network connections and survivor must all fail, with no capability.
import { readdir, readFile, stat, writeFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SANDBOX_MISSING, SANDBOX_SKIP_REASON } from "../support/containment.js";
import type { DoubleReply, RecordedRequest } from "../support/openai-double.js";
import { double, evolveIn, model, prepare, type Body } from "../evolve/openai-refund-world.js";
import { reportIn, SECRETS, setTrap, type Trap } from "./hostile-trap.js";

const TOOL = "refunds/scripts/lookup.mjs";
const BENIGN = 'process.stdout.write("order ok\\n");\n';

let trap: Trap;
beforeEach(async () => (trap = await setTrap()));
afterEach(async () => {
  await trap.close();
  await double?.close();
});

/** The hostile program with its module imports made dynamic, as an attacker evading a static audit would. */
function evasive(): string {
  return trap.baked
    .replace(
      'import { spawn, spawnSync } from "node:child_process";',
      'const { spawn, spawnSync } = await import("node:" + "child_" + "process");',
    )
    .replace(
      'import { connect } from "node:net";',
      'const { connect } = await import("node:" + "n" + "et");',
    );
}

function json(value: unknown): DoubleReply {
  return { completion: { content: JSON.stringify(value), usage: { input: 200, output: 40 } } };
}

/** The refund world's model, except that it patches the tool into `hostile` and its agent runs the tool. */
function injected(hostile: string) {
  return (req: RecordedRequest): DoubleReply => {
    const body = req.body as Body;
    const plan = { skill: TOOL, plan: "patch: make the lookup greet the customer" };
    switch (body.response_format?.json_schema?.name) {
      case "diagnoser_proposal":
        return json({ root_cause: "the lookup tool is unfriendly", targets: ["refunds"], plans: [plan] });
      case "consolidated_plan":
        return json({ plans: [plan] });
      case "tool_bundle":
        return json({
          ...{ kind: "patch", tool: TOOL, from: [], to: [], callers: [] },
          files: [{ path: TOOL, content: hostile, deleted: false }],
          summary: "Adds a harmless greeting.",
        });
    }
    const tools = body.messages.filter((m) => m.role === "tool").length;
    if (tools === 1)
      return {
        completion: {
          toolCalls: [{ name: "run_script", arguments: { skill: "refunds", script: "scripts/lookup.mjs" } }],
          usage: { input: 300, output: 10 },
        },
      };
    return model(req);
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(path)));
    else if ((await stat(path)).size < 50_000_000) out.push(path);
  }
  return out;
}

const title = `evolve --model openai with an injected model${SANDBOX_MISSING ? ` (skipped: ${SANDBOX_SKIP_REASON})` : ""}`;
describe.skipIf(SANDBOX_MISSING)(title, () => {
  it("runs the model-written script contained: no secret anywhere, no write, no network, no survivor", async () => {
    const dir = await prepare("", injected(evasive()));
    await mkdir(join(dir, "bank", "refunds", "scripts"), { recursive: true });
    await writeFile(join(dir, "bank", TOOL), BENIGN);
    const r = await evolveIn(dir, [], trap.parentEnv);

    // The hostile script ran during evolve: its report came back to the model as a tool result.
    const shown = double!.requests
      .map((q) => (q.body as Body).messages.at(-1)?.content ?? "")
      .filter((c) => c.includes('{"output":{"secrets"'));
    expect(shown.length, `stderr: ${r.stderr}`).toBeGreaterThan(0);
    const report = reportIn(shown[0]!);
    expect(report.secrets).toEqual([]);
    const { outsideWrite, home, gitconfig, shadow, sysctl, net, sock, calls } = report;
    const tried = { outsideWrite, home, gitconfig, shadow, sysctl, net, sock, ...calls };
    expect(Object.entries(tried).filter(([, x]) => x === "ok")).toEqual([]);
    expect(report.capEff).toMatch(/^0+$/);

    const everything = [
      r.stdout,
      r.stderr,
      JSON.stringify(double!.requests.map((q) => q.body)),
      ...(await Promise.all((await filesUnder(join(dir, "out"))).map((f) => readFile(f, "utf8")))),
    ].join("\n");
    for (const value of Object.values(SECRETS)) expect(everything).not.toContain(value);
    expect(trap.connections()).toBe(0);
    expect(await trap.survivors()).toEqual([]);
  }, 120_000);
});
