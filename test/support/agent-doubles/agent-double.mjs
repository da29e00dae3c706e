// Edge double of Claude Code's and Codex CLI's headless modes (docs/agents.md): run as
// `node agent-double.mjs claude|codex ARGS…` by a wrapper named `claude` or `codex` on PATH. It
// checks the arguments the preset must pass, that the bank is installed where the real agent
// looks and that its model settings point at skillops' proxy, makes one model call through it, then
// prints a fixture written from the published format (test/fixtures/agents/<agent>/<scenario>.jsonl) exactly. The prompt on
// stdin names the scenario: `scenario: NAME`; crash, garbage and truncated misbehave on purpose.
/* global fetch */
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
const keyVar = kind === "claude" ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY";
// Claude Code reads its endpoint from ANTHROPIC_BASE_URL; current Codex only from a model provider
// given in its config (`-c model_providers.<id>.base_url=…`), never from OPENAI_BASE_URL.
const base =
  kind === "claude"
    ? process.env.ANTHROPIC_BASE_URL
    : codexProvider(args.flatMap((a, i) => (args[i - 1] === "-c" ? [a] : [])));
if (!/^http:\/\/127\.0\.0\.1:\d+/.test(base ?? "")) fail(5, `the model endpoint is not the proxy: ${base}`);
if (!(process.env[keyVar] ?? "").startsWith("skillops-run-")) fail(5, `${keyVar} is not a per-run token`);
if (kind === "codex" && process.env.OPENAI_BASE_URL)
  fail(5, "OPENAI_BASE_URL is set (Codex no longer reads it)");
if (kind === "claude" && process.getuid?.() === 0 && process.env.IS_SANDBOX !== "1")
  fail(1, "--dangerously-skip-permissions cannot be used with root/sudo privileges for security reasons");

/** The base URL of the provider the overrides select, when it reads the key from OPENAI_API_KEY over HTTP. */
function codexProvider(overrides) {
  const value = (key) => {
    const o = overrides.find((x) => x.startsWith(`${key}=`));
    return o === undefined ? undefined : JSON.parse(o.slice(key.length + 1));
  };
  const id = value("model_provider");
  if (!id) return undefined;
  const p = `model_providers.${id}`;
  if (value(`${p}.env_key`) !== "OPENAI_API_KEY") fail(5, `${p}.env_key is not OPENAI_API_KEY`);
  if (value(`${p}.wire_api`) !== "responses") fail(5, `${p}.wire_api is not "responses"`);
  if (value(`${p}.supports_websockets`) !== false) fail(5, `${p}.supports_websockets is not false`);
  return value(`${p}.base_url`);
}
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
// One model call through the proxy, as the real agent makes before it prints anything: a run with no
// successful model call is an infrastructure failure, not a property of the skills.
const call = await fetch(`${base.replace(/\/v1$/, "")}/v1/${kind === "claude" ? "messages" : "responses"}`, {
  method: "POST",
  headers: {
    "content-type": "application/json",
    ...(kind === "claude"
      ? { "x-api-key": process.env[keyVar] }
      : { authorization: `Bearer ${process.env[keyVar]}` }),
  },
  body: JSON.stringify({ model: "stand-in", input: prompt }),
}).catch((e) => fail(6, `the proxy did not answer: ${e.message}`));
if (!call.ok) fail(6, `the proxy answered ${call.status}: ${await call.text()}`);
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
