// The zod schema of `.github/skillops.yml`. Every knob of the engine has its default here, exactly
// as FRAMES Table 3 gives them; docs/config.md is the reference for users.
import { z } from "zod";
import { ROLES } from "../llm/model.js";
import { OperatingPoint } from "../vocabulary/operating-point.js";

export const RoleModel = z.strictObject({
  /** Model name sent to the endpoint. */
  model: z.string().min(1).default("gpt-4o-mini"),
  temperature: z.number().min(0).max(2).optional(),
  maxOutputTokens: z.number().int().positive().optional(),
});
export type RoleModel = z.infer<typeof RoleModel>;

const roleModels = Object.fromEntries(ROLES.map((r) => [r, RoleModel.prefault({})])) as {
  [K in (typeof ROLES)[number]]: z.ZodPrefault<typeof RoleModel>;
};

export const Price = z.strictObject({
  /** Dollars per million tokens. */
  input: z.number().nonnegative(),
  output: z.number().nonnegative(),
  cached: z.number().nonnegative().optional(),
});
export type Price = z.infer<typeof Price>;

export const ModelsConfig = z.strictObject({
  /** `openai` talks to any OpenAI-compatible endpoint; `sim` is the simulated world. */
  provider: z.enum(["openai", "sim"]).default("openai"),
  /** Endpoint; the key comes from the environment (`OPENAI_API_KEY` or `apiKeyEnv`). */
  baseURL: z.string().url().optional(),
  apiKeyEnv: z.string().default("OPENAI_API_KEY"),
  timeoutMs: z.number().int().positive().default(120_000),
  maxRetries: z.number().int().min(0).default(3),
  concurrency: z.number().int().positive().default(4),
  roles: z.strictObject(roleModels).prefault({}),
  /** An embedding model for hybrid retrieval (BM25 fused with embedding similarity); BM25 alone when unset. */
  embedding: z.strictObject({ model: z.string().min(1) }).optional(),
  /** Per-model prices so costs can also be shown in dollars. */
  prices: z.record(z.string(), Price).default({}),
  /** Per-run budget; a call that would exceed it is refused with a clear error. */
  budget: z
    .strictObject({
      tokens: z.number().int().positive().optional(),
      dollars: z.number().positive().optional(),
    })
    .prefault({}),
});
export type ModelsConfig = z.infer<typeof ModelsConfig>;

export const EvolveConfig = z.strictObject({
  topK: z.number().int().positive().default(5),
  batchSize: z.number().int().positive().default(8),
  maxIterations: z.number().int().positive().default(10),
  patience: z.number().int().positive().default(3),
  frontierCap: z.number().int().positive().default(3),
  consolidation: z.enum(["none", "section", "cluster"]).default("section"),
  /** Fraction of diagnosers that must propose a skill edit for it to survive the vote. */
  voteThreshold: z.number().min(0).max(1).default(0.4),
  /** Relative regression tolerance per category: floor = (1 − ε)·PR_c(P₀). */
  epsilon: z.number().min(0).max(1).default(0.05),
  /** Regression-pool sample as a fraction of the current evaluation set. */
  regressionSample: z.number().min(0).default(0.5),
  anchorsPerSkill: z.number().int().min(0).default(3),
  n: z.number().int().positive().default(3),
  k: z.number().int().positive().default(3),
  seed: z.number().int().default(0),
  /** Lossy saving, off by default: one run per case before promoting a child to n runs. */
  screening: z.boolean().default(false),
  /** Which frontier member is P*: `accuracy` (default), `balanced` or `cost`. */
  operatingPoint: OperatingPoint.default("accuracy"),
});
export type EvolveConfig = z.infer<typeof EvolveConfig>;

/** Settings of the `kernel` runner (docs/kernel.md). */
export const KernelConfig = z.strictObject({
  /** Who writes the ModelNew answer: the built-in reference agent or the user's command agent. */
  agent: z.enum(["reference", "command"]).default("reference"),
  /** Python with torch; unset = SKILLOPS_PYTHON, else the first of /usr/bin/python3, python3 that imports torch. */
  python: z.string().min(1).optional(),
  /** `auto` uses CUDA when torch sees a GPU, else CPU (correctness only; timing labelled CPU). */
  device: z.enum(["auto", "cpu", "cuda"]).default("auto"),
  /** Case file holding the KernelBench task (Model, get_inputs, get_init_inputs). */
  referenceFile: z.string().min(1).default("reference.py"),
  /** Correctness trials, each with fresh random inputs. */
  trials: z.number().int().positive().default(5),
  warmup: z.number().int().min(0).default(3),
  /** Timed trials on a GPU (CUDA events, L2 flushed between trials). */
  iters: z.number().int().positive().default(100),
  /** Overrides atol = rtol (default 1e-4 for fp32, 1e-2 for fp16/bf16). */
  tolerance: z.number().positive().optional(),
});
export type KernelConfig = z.infer<typeof KernelConfig>;

export const EvaluateConfig = z.strictObject({
  runner: z.enum(["reference", "command", "kernel"]).default("reference"),
  /** Argument array of the user's own agent for the `command` runner. */
  agentCommand: z.array(z.string().min(1)).optional(),
  timeoutMs: z.number().int().positive().default(300_000),
  maxOutputBytes: z.number().int().positive().default(1_000_000),
  maxTurns: z.number().int().positive().default(20),
  bootstrap: z.number().int().positive().default(10_000),
  cacheDir: z.string().default(".skillops-cache"),
  kernel: KernelConfig.prefault({}),
});
export type EvaluateConfig = z.infer<typeof EvaluateConfig>;

export const Scope = z.strictObject({
  name: z.string().regex(/^[a-z0-9-]+$/),
  skills: z.array(z.string()).min(1),
  /** Runner labels for this scope's job, e.g. `["self-hosted", "gpu"]` for kernel tasks. */
  runsOn: z.array(z.string()).optional(),
});
export type Scope = z.infer<typeof Scope>;

export const Config = z.strictObject({
  bank: z.string().default("skill-bank"),
  pool: z.string().default("regression-pool"),
  categories: z
    .array(z.string().regex(/^[a-z0-9][a-z0-9-]*$/))
    .min(1)
    .default(["general", "hallucination", "special"]),
  models: ModelsConfig.prefault({}),
  evolve: EvolveConfig.prefault({}),
  evaluate: EvaluateConfig.prefault({}),
  feedback: z
    .strictObject({
      /** Authors whose feedback is accepted without a maintainer's label. */
      trustedAuthors: z.array(z.string()).default([]),
      maxBodyChars: z.number().int().positive().default(20_000),
    })
    .prefault({}),
  runners: z
    .strictObject({
      default: z.array(z.string()).default(["ubuntu-latest"]),
      gpu: z.array(z.string()).default(["self-hosted", "gpu"]),
    })
    .prefault({}),
  /** Disjoint working scopes; each runs as its own job in a matrix. */
  scopes: z.array(Scope).default([]),
});
export type Config = z.infer<typeof Config>;

export const DEFAULT_CONFIG: Config = Config.parse({});
