#!/usr/bin/env node
// The OpenAI Agents SDK agent skillops ships for `--runner agents-sdk` with `evaluate.agent.script:
// js` (docs/agents.md): the JavaScript form of agents-sdk-agent.py, on @openai/agents, with the same
// contract (docs/agent-command.md). It reads the job on stdin, gives the agent the skills' names and
// descriptions as instructions and three tools (load_skill, read_skill_file, run_skill_script), runs
// it, and prints one answer on stdout: the final output, the SDK's usage, and the skill-loaded /
// script-ran / tool-call trace. The model is reached through OPENAI_BASE_URL (skillops' proxy) with
// the chat completions API, as the Python form does, so the proxy counts every call.
// `--version` prints the SDK's version; `--model NAME` picks the model (default gpt-4o-mini).
//
// The SDK is imported from beside this file when it is there (a team's copy in its own project),
// else from the node_modules folder `--sdk-from DIR` names: skillops resolves its own
// @openai/agents on the host and binds that folder read-only into the sandbox, since this file
// runs from a copy in the run's folder.
import { spawnSync } from "node:child_process";
import {
  accessSync,
  constants,
  existsSync,
  readFileSync,
  readdirSync,
  realpathSync,
  statSync,
} from "node:fs";
import { Buffer } from "node:buffer";
import { createRequire } from "node:module";
import { dirname, extname, join, sep } from "node:path";

const PACKAGE = "@openai/agents";

/** The SDK's entry (CommonJS, through require) and its package.json. */
function locateSdk(from) {
  const tries = [import.meta.filename, ...(from ? [join(from, "skillops-resolve.js")] : [])];
  for (const base of tries) {
    try {
      const require = createRequire(base);
      const entry = require.resolve(PACKAGE);
      let dir = dirname(entry);
      while (!existsSync(join(dir, "package.json")) && dirname(dir) !== dir) dir = dirname(dir);
      return { require, entry, manifest: join(dir, "package.json") };
    } catch {
      // not reachable from here; try the next
    }
  }
  throw new Error(`cannot find ${PACKAGE}: install it (npm install ${PACKAGE}) (docs/agents.md)`);
}

function frontMatter(text) {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
  const fields = {};
  for (const line of (m ? m[1] : "").split("\n")) {
    const at = line.indexOf(":");
    if (at > 0)
      fields[line.slice(0, at).trim()] = line
        .slice(at + 1)
        .trim()
        .replace(/^["']|["']$/g, "");
  }
  return fields;
}

function loadBank(skillsDir) {
  const bank = new Map();
  for (const name of readdirSync(skillsDir).sort()) {
    const path = join(skillsDir, name, "SKILL.md");
    if (existsSync(path) && statSync(path).isFile()) bank.set(name, readFileSync(path, "utf8"));
  }
  return bank;
}

/** `rel` under `root`, or undefined when it leaves it. */
function inside(root, rel) {
  const full = join(root, rel);
  let real;
  try {
    real = realpathSync(full);
  } catch {
    return undefined;
  }
  return real.startsWith(realpathSync(root) + sep) ? real : undefined;
}

/** How to run a script: directly when executable, else by its extension. */
function interpreter(path) {
  try {
    accessSync(path, constants.X_OK);
    return [];
  } catch {
    const byExt = {
      ".py": ["python3"],
      ".js": [process.execPath],
      ".mjs": [process.execPath],
      ".sh": ["bash"],
    };
    return byExt[extname(path)] ?? ["sh"];
  }
}

/** A strict JSON schema of string parameters (and string-array ones). */
function params(props) {
  const properties = Object.fromEntries(
    Object.entries(props).map(([k, t]) => [
      k,
      t === "list" ? { type: "array", items: { type: "string" } } : { type: "string" },
    ]),
  );
  return { type: "object", properties, required: Object.keys(props), additionalProperties: false };
}

function makeTools(tool, job, bank, trace) {
  const loadSkill = tool({
    name: "load_skill",
    description: "Load a skill's full instructions (SKILL.md) by name.",
    parameters: params({ name: "string" }),
    execute: ({ name }) => {
      if (!bank.has(name)) {
        trace.push({ type: "tool-call", name: "load_skill", ok: false, detail: name });
        return `no skill named ${name}; skills: ${[...bank.keys()].join(", ")}`;
      }
      trace.push({ type: "skill-loaded", skill: name });
      return bank.get(name);
    },
  });
  const readSkillFile = tool({
    name: "read_skill_file",
    description:
      "Read a file of a skill (references/, assets/, knowledge.md) by skill name and relative path.",
    parameters: params({ name: "string", path: "string" }),
    execute: ({ name, path }) => {
      const full = inside(join(job.skillsDir, name), path);
      const ok = full !== undefined && statSync(full).isFile();
      trace.push({ type: "tool-call", name: "read_skill_file", ok, detail: `${name}/${path}` });
      return ok ? readFileSync(full, "utf8") : `no file ${path} in skill ${name}`;
    },
  });
  const runSkillScript = tool({
    name: "run_skill_script",
    description: "Run a script of a skill (scripts/<file>) with arguments, in the work folder.",
    parameters: params({ name: "string", script: "string", args: "list" }),
    execute: ({ name, script, args }) => runScript(job, name, script, args, trace),
  });
  return [loadSkill, readSkillFile, runSkillScript];
}

function runScript(job, name, script, args, trace) {
  const full = inside(join(job.skillsDir, name), join("scripts", script));
  if (full === undefined || !statSync(full).isFile()) {
    trace.push({ type: "tool-call", name: "run_skill_script", ok: false, detail: `${name}/${script}` });
    return `no script ${script} in skill ${name}`;
  }
  const [cmd, ...pre] = [...interpreter(full), full, ...args];
  const p = spawnSync(cmd, pre, {
    cwd: job.workDir,
    encoding: "utf8",
    timeout: 120_000,
    maxBuffer: 16 << 20,
  });
  const exitCode = p.error || p.status === null ? null : p.status;
  trace.push({ type: "script-ran", skill: name, script: `scripts/${script}`, exitCode });
  if (exitCode === null) return `could not run ${script}: ${p.error?.message ?? `signal ${p.signal}`}`;
  return `exit code ${exitCode}\nstdout:\n${p.stdout.slice(-8000)}\nstderr:\n${p.stderr.slice(-2000)}`;
}

function instructions(bank) {
  const lines = ["You can use these skills. Call load_skill(name) before following one."];
  for (const [name, text] of bank) lines.push(`- ${name}: ${frontMatter(text).description ?? ""}`);
  return lines.join("\n");
}

const FENCE = /^```(?:json)?[ \t]*\n([\s\S]*?)\n```$/;

/** The final output as JSON when it is JSON, also inside a ```json fence; else the text. */
export function answerOf(text) {
  if (typeof text !== "string") return text;
  const fenced = FENCE.exec(text.trim());
  try {
    return JSON.parse(fenced ? fenced[1] : text);
  } catch {
    return text;
  }
}

async function readStdin() {
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  return Buffer.concat(chunks).toString("utf8");
}

const option = (argv, name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);

async function main(argv) {
  const sdk = locateSdk(option(argv, "--sdk-from"));
  if (argv.includes("--version")) {
    console.log(`${PACKAGE} ${JSON.parse(readFileSync(sdk.manifest, "utf8")).version}`);
    return 0;
  }
  const model = option(argv, "--model") ?? "gpt-4o-mini";
  const { Agent, OpenAIProvider, Runner, setTracingDisabled, tool } = sdk.require(sdk.entry);
  setTracingDisabled(true); // no network but the proxy: the SDK's trace export would fail
  const job = JSON.parse(await readStdin());
  const bank = loadBank(job.skillsDir);
  const trace = [];
  const agent = new Agent({
    name: "skillops-agent",
    instructions: instructions(bank),
    tools: makeTools(tool, job, bank, trace),
    model,
  });
  let prompt = job.case.prompt;
  const files = job.case.files;
  if (files && Object.keys(files).length > 0)
    prompt += `\n\nInput files (also in the working folder):\n${JSON.stringify(files)}`;
  // Chat completions, as the Python form; the provider reads OPENAI_BASE_URL and OPENAI_API_KEY.
  const provider = new OpenAIProvider({
    apiKey: process.env.OPENAI_API_KEY,
    baseURL: process.env.OPENAI_BASE_URL,
    useResponses: false,
  });
  const result = await new Runner({ modelProvider: provider, tracingDisabled: true }).run(agent, prompt);
  const u = result.runContext.usage;
  const details = [u.inputTokensDetails ?? []].flat();
  const cached = details.reduce((n, d) => n + (d?.cached_tokens ?? 0), 0);
  const usage = { input_tokens: u.inputTokens, output_tokens: u.outputTokens, cached_tokens: cached };
  process.stdout.write(`${JSON.stringify({ output: answerOf(result.finalOutput), usage, trace })}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`agents-sdk-agent.mjs: ${e?.stack ?? e}\n`);
    process.exit(1);
  },
);
