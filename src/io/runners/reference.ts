// The `reference` runner: a built-in tool-calling agent. Its system prompt lists skill names and
// descriptions; bodies (plus knowledge.md) arrive only through `load_skill`; `read_file` reads the
// case's input files; `run_script` runs a skill's script in a temporary working folder with a
// timeout and an output cap. The trace records which skills were loaded and which scripts ran.
import { join } from "node:path";
import { findSection, splitSections } from "../../core/bank/sections.js";
import type { BankFile, Skill } from "../../core/bank/skill.js";
import {
  isTransient,
  ModelCallError,
  type ChatMessage,
  type Model,
  type ToolCall,
} from "../../core/llm/model.js";
import { addTokens, ZERO_TOKENS, type Tokens } from "../../records/tokens.js";
import { AGENT_TOOLS, renderAgentSystemPrompt } from "../../core/llm/prompts/agent.js";
import type { Containment } from "../../core/sandbox/containment.js";
import { memoiseModel, type ModelMemoStore } from "../../core/evaluate/model-memo.js";
import type { RunInput, RunResult, Runner, TraceEvent } from "../../core/evaluate/runner.js";
import { interpreterFor } from "./interpreter.js";
import { killedEvent, spawnCapped } from "./spawn-capped.js";
import { knowledgeText, safeRelative, withTempDir, writeFiles, writeSkills } from "./skills-dir.js";

export interface ReferenceRunnerOptions {
  model: Model;
  /** The agent role's model and settings (OpenAIModel.settingsKey("agent")). */
  modelSettings: string;
  maxTurns: number;
  scriptTimeoutMs: number;
  maxOutputBytes: number;
  /** Reuse model calls a run of the same case and run index already made (model-memo.ts). */
  memo?: ModelMemoStore;
  /** How `run_script` contains the scripts it runs (model-written code, docs/security.md). */
  containment: Containment;
}

/** The final answer: JSON when it parses (a ```json fence is allowed), else the text. */
export function parseFinalAnswer(text: string): unknown {
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n```\s*$/.exec(text.trim());
  const candidate = fenced ? fenced[1]! : text.trim();
  try {
    return JSON.parse(candidate);
  } catch {
    return text;
  }
}

interface ToolContext {
  input: RunInput;
  trace: TraceEvent[];
  opts: ReferenceRunnerOptions;
}

/**
 * `load_skill(name)` or `section: "*"`: the whole skill, every `##` section recorded as read.
 * `load_skill(name, section)`: the overview (text before the first `##`) and that section only, with
 * the other headings listed, so the trace shows which part of the skill the run consulted.
 */
function loadSkill(ctx: ToolContext, skill: Skill | undefined, name: string, section: unknown): string {
  if (!skill)
    return `error: no skill named ${JSON.stringify(name)}; available: ${ctx.input.skills.map((s) => s.name).join(", ")}`;
  const { overview, sections } = splitSections(skill.body.trim());
  const wanted = typeof section === "string" && section.trim() !== "*" ? section : undefined;
  const one = wanted === undefined ? undefined : findSection(sections, wanted);
  if (wanted !== undefined && !one)
    return `error: ${skill.name} has no section ${JSON.stringify(wanted)}; its sections: ${sections.map((s) => s.title).join(", ") || "none"} (or "*" for the whole skill)`;
  ctx.trace.push({ type: "skill-loaded", skill: skill.name });
  for (const s of one ? [one] : sections)
    ctx.trace.push({ type: "section-read", skill: skill.name, section: s.title });
  if (one) {
    const others = sections.filter((s) => s !== one).map((s) => s.title);
    return [
      `# Skill ${skill.name} (section ${one.title})`,
      overview,
      one.text,
      others.length
        ? `\n(Other sections: ${others.join(", ")}. Load one by name, or "*" for the whole skill.)`
        : "",
    ].join("\n");
  }
  const knowledge = knowledgeText(skill, ctx.input.skillFiles);
  const files = skill.auxiliary.map((a) => `- ${a.path}`).join("\n");
  return [
    `# Skill ${skill.name}`,
    skill.body.trim(),
    knowledge ? `\n## Knowledge\n${knowledge.trim()}` : "",
    files ? `\n## Files\n${files}` : "",
  ].join("\n");
}

async function runScript(
  ctx: ToolContext,
  skill: Skill | undefined,
  args: { skill?: unknown; script?: unknown; args?: unknown },
): Promise<string> {
  const script = typeof args.script === "string" ? safeRelative(args.script) : undefined;
  if (!skill) return `error: no skill named ${JSON.stringify(args.skill)}`;
  if (!script || !skill.auxiliary.some((a) => a.path === script && a.kind === "scripts")) {
    return `error: ${skill.name} has no script ${JSON.stringify(args.script)}; its scripts: ${
      skill.auxiliary
        .filter((a) => a.kind === "scripts")
        .map((a) => a.path)
        .join(", ") || "none"
    }`;
  }
  const argv = Array.isArray(args.args) ? args.args.map(String) : [];
  return withTempDir("skillops-work-", async (work) => {
    await writeFiles(work, ctx.input.files);
    await writeSkills(join(work, ".skills"), [skill], ctx.input.skillFiles ?? ([] as BankFile[]));
    const path = join(work, ".skills", skill.name, script);
    // The working folder is the script's to write; the skill's own files are not.
    const r = await spawnCapped([...(interpreterFor(script)?.run ?? []), path, ...argv], {
      cwd: work,
      timeoutMs: ctx.opts.scriptTimeoutMs,
      maxOutputBytes: ctx.opts.maxOutputBytes,
      contain: ctx.opts.containment,
      view: { writable: [work], readOnly: [join(work, ".skills")] },
    });
    ctx.trace.push({
      type: "script-ran",
      skill: skill.name,
      script,
      exitCode: r.exitCode,
      ...(r.timedOut ? { timedOut: true } : {}),
    });
    const killed = killedEvent(`${skill.name}/${script}`, r);
    if (killed) ctx.trace.push(killed);
    const status = r.startError
      ? `could not start: ${r.startError}`
      : r.timedOut
        ? `timed out after ${ctx.opts.scriptTimeoutMs} ms`
        : r.overflow
          ? `stopped: output over ${ctx.opts.maxOutputBytes} bytes`
          : `exit code ${r.exitCode}`;
    return `${status}\nstdout:\n${r.stdout}\nstderr:\n${r.stderrTail}`;
  });
}

async function callTool(ctx: ToolContext, call: ToolCall): Promise<string> {
  let args: Record<string, unknown>;
  try {
    args = JSON.parse(call.arguments) as Record<string, unknown>;
  } catch {
    ctx.trace.push({ type: "tool-call", name: call.name, ok: false, detail: "arguments are not JSON" });
    return `error: the arguments of ${call.name} are not valid JSON`;
  }
  const skillNamed = (v: unknown) => ctx.input.skills.find((s) => s.name === v);
  let result: string;
  switch (call.name) {
    case "load_skill":
      result = loadSkill(ctx, skillNamed(args.name), String(args.name), args.section);
      break;
    case "read_file": {
      const content = typeof args.path === "string" ? ctx.input.files[args.path] : undefined;
      result =
        content ??
        `error: no input file ${JSON.stringify(args.path)}; files: ${Object.keys(ctx.input.files).join(", ") || "none"}`;
      break;
    }
    case "run_script":
      result = await runScript(ctx, skillNamed(args.skill), args);
      break;
    default:
      result = `error: unknown tool ${call.name}`;
  }
  ctx.trace.push({ type: "tool-call", name: call.name, ok: !result.startsWith("error:") });
  return result;
}

/** The system prompt (skill names and descriptions only) and the task, with its input files named. */
function initialMessages(input: RunInput): ChatMessage[] {
  const fileList = Object.keys(input.files);
  return [
    {
      role: "system",
      content: renderAgentSystemPrompt(
        input.skills.map((s) => ({ name: s.name, description: s.frontmatter.description ?? "" })),
      ),
    },
    {
      role: "user",
      content:
        input.case.task.prompt +
        (fileList.length ? `\n\nInput files: ${fileList.join(", ")}` : "") +
        (input.hint ? `\n\n${input.hint}` : ""),
    },
  ];
}

/** The model one run talks to (memoised when a memo is configured), and how its result notes reuse. */
function modelForRun(opts: ReferenceRunnerOptions, input: RunInput) {
  const memo = opts.memo
    ? memoiseModel(opts.model, opts.memo, {
        caseId: input.case.id,
        runIndex: input.runIndex,
        settings: opts.modelSettings,
      })
    : undefined;
  const done = (r: RunResult): RunResult => {
    const reused = memo?.reused();
    return reused && reused.input + reused.output > 0 ? { ...r, reused } : r;
  };
  return { model: memo ?? opts.model, done };
}

export function createReferenceRunner(opts: ReferenceRunnerOptions): Runner {
  return {
    name: "reference",
    settingsKey: JSON.stringify({ runner: "reference", model: opts.modelSettings, maxTurns: opts.maxTurns }),
    async run(input: RunInput): Promise<RunResult> {
      const trace: TraceEvent[] = [];
      const ctx: ToolContext = { input, trace, opts };
      const messages = initialMessages(input);
      const { model, done } = modelForRun(opts, input);
      let usage: Tokens = ZERO_TOKENS;
      for (let turn = 0; turn < opts.maxTurns; turn++) {
        let reply;
        try {
          reply = await model.chat({
            role: "agent",
            messages,
            tools: AGENT_TOOLS,
            seed: input.runIndex,
          });
        } catch (err) {
          if (!(err instanceof ModelCallError)) throw err;
          return done({
            output: null,
            trace,
            usage,
            error: `agent model call failed (${err.failure.kind}): ${err.failure.message}`,
            ...(isTransient(err.failure) ? { transient: true } : {}),
            transcript: messages,
          });
        }
        usage = addTokens(usage, reply.usage);
        messages.push(reply.message);
        const calls = reply.message.toolCalls ?? [];
        if (reply.message.refusal !== undefined && calls.length === 0)
          return done({ output: null, refusal: reply.message.refusal, trace, usage, transcript: messages });
        if (calls.length === 0)
          return done({
            output: parseFinalAnswer(reply.message.content ?? ""),
            trace,
            usage,
            transcript: messages,
          });
        for (const call of calls)
          messages.push({ role: "tool", toolCallId: call.id, content: await callTool(ctx, call) });
      }
      return done({
        output: null,
        trace,
        usage,
        error: `no final answer within ${opts.maxTurns} turns`,
        transcript: messages,
      });
    },
  };
}
