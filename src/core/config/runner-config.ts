// Settings of the runners beyond the reference agent: which runner kinds exist, the kernel harness
// (docs/kernel.md) and the agent presets (docs/agents.md). Part of the config schema (config.ts).
import { z } from "zod";
import { KernelScoreConfig } from "./kernel-score-config.js";

const positiveInt = () => z.number().int().positive();

/** Settings of the `kernel` runner (docs/kernel.md). */
export const KernelConfig = z.strictObject({
  agent: z
    .enum(["reference", "command"])
    .default("reference")
    .describe("Who writes the ModelNew answer: the built-in reference agent or your command agent."),
  python: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Python with torch; unset = SKILLOPS_PYTHON, else the first of /usr/bin/python3, python3 that imports torch.",
    ),
  device: z
    .enum(["auto", "cpu", "cuda"])
    .default("auto")
    .describe("`auto` uses CUDA when torch sees a GPU, else CPU (correctness only; timing labelled CPU)."),
  referenceFile: z
    .string()
    .min(1)
    .default("reference.py")
    .describe("Case file holding the KernelBench task (Model, get_inputs, get_init_inputs)."),
  trials: positiveInt().default(5).describe("Correctness trials, each with fresh random inputs."),
  warmup: z.number().int().min(0).default(3).describe("Untimed warm-up runs before timing."),
  iters: positiveInt()
    .default(100)
    .describe("Timed trials on a GPU (CUDA events, L2 flushed between trials)."),
  tolerance: z
    .number()
    .positive()
    .optional()
    .describe("Overrides atol = rtol (default 1e-4 for fp32, 1e-2 for fp16/bf16)."),
  score: KernelScoreConfig,
});
export type KernelConfig = z.infer<typeof KernelConfig>;

/** Who runs a case: the built-in agent, the user's command, the kernel harness, or an agent preset. */
export const RUNNER_KINDS = ["reference", "command", "kernel", "claude-code", "codex", "agents-sdk"] as const;

/** Settings of the agent presets (docs/agents.md). */
export const AgentPresetConfig = z.strictObject({
  command: z
    .array(z.string().min(1))
    .optional()
    .describe(
      'The command that starts the agent, when not the preset\'s own (`claude`, `codex`, `python3 <shipped script>`), e.g. `["npx", "-y", "@anthropic-ai/claude-code"]`.',
    ),
  model: z
    .string()
    .min(1)
    .optional()
    .describe("The model the agent uses (its `--model`); absent = the agent's default."),
  script: z
    .enum(["python", "js"])
    .default("python")
    .describe(
      "`agents-sdk` only: the shipped agent that runs when `command` is unset: `python` (agents-sdk-agent.py, openai-agents) or `js` (agents-sdk-agent.mjs, @openai/agents).",
    ),
});
export type AgentPresetConfig = z.infer<typeof AgentPresetConfig>;
