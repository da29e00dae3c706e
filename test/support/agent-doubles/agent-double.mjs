// Edge double of Claude Code's and Codex CLI's headless modes (docs/agents.md): run as
// `node agent-double.mjs claude|codex ARGS…` by a wrapper named `claude` or `codex` on PATH. It
// checks the arguments the preset must pass, that the bank is installed where the real agent
// looks and that its model variables point at skillops' proxy, then prints a fixture written from
// the published format (test/fixtures/agents/<agent>/<scenario>.jsonl) exactly. The prompt on
// stdin names the scenario: `scenario: NAME`; crash, garbage and truncated misbehave on purpose.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [kind, ...args] = process.argv.slice(2);
const fail = (code, why) => {
  process.stderr.write(`${kind}-double: ${why}\n`);
  process.exit(code);
};
if (args.includes("--version")) {
  const v = process.env.STANDIN_VERSION ?? "0.0.0";
  console.log(kind === "claude" ? `${v} (Claude Code)` : `codex-cli ${v}`);
  process.exit(0);
}
const needs =
  kind === "claude" ? ["-p", "--output-format", "stream-json", "--verbose"] : ["exec", "--json", "-"];
for (const a of needs) if (!args.includes(a)) fail(2, `missing argument ${a} (got ${JSON.stringify(args)})`);
const skills = kind === "claude" ? ".claude/skills" : ".agents/skills";
const [baseVar, keyVar] =
  kind === "claude" ? ["ANTHROPIC_BASE_URL", "ANTHROPIC_API_KEY"] : ["OPENAI_BASE_URL", "OPENAI_API_KEY"];
if (!/^http:\/\/127\.0\.0\.1:\d+/.test(process.env[baseVar] ?? ""))
  fail(5, `${baseVar} is not the proxy: ${process.env[baseVar]}`);
if (!(process.env[keyVar] ?? "").startsWith("skillops-run-")) fail(5, `${keyVar} is not a per-run token`);
const prompt = readFileSync(0, "utf8");
const scenario = /scenario: ([a-z-]+)/.exec(prompt)?.[1] ?? "skill-used";
if (scenario === "crash") {
  process.stderr.write(
    "Error: connect ECONNREFUSED\n    at TCPConnectWrap.afterConnect\npanic: the agent gave up\n",
  );
  process.exit(3);
}
if (scenario === "garbage") {
  console.log("Welcome! Type your question below.");
  process.exit(0);
}
for (const f of ["helper/SKILL.md", "helper/scripts/check.sh"])
  if (!existsSync(join(skills, f))) fail(4, `no ${join(skills, f)} in ${process.cwd()}`);
// STANDIN_FIXTURES: where a copied stand-in finds the fixtures (the sandbox hides the checkout).
const fixtures = join(
  process.env.STANDIN_FIXTURES ?? join(dirname(fileURLToPath(import.meta.url)), "../../fixtures/agents"),
  kind === "claude" ? "claude-code" : "codex",
);
const lines = readFileSync(
  join(fixtures, `${scenario === "truncated" ? "skill-used" : scenario}.jsonl`),
  "utf8",
)
  .trimEnd()
  .split("\n");
process.stdout.write(`${(scenario === "truncated" ? lines.slice(0, -1) : lines).join("\n")}\n`);
