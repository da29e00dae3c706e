// The zod schema of `.github/skillops.yml`. Every knob of the engine has its default here, exactly
// as FRAMES Table 3 gives them. Each key's meaning is its `.describe()`: the JSON Schema
// (schema/skillops.schema.json) and docs/config.md are generated from it (`npm run gen:config`).
import { z } from "zod";
import { ROLES } from "../llm/model.js";
import { SearchStrategy } from "../../records/search-strategy.js";
import { NeoConfig } from "./neo-config.js";
import { OperatingPoint } from "../../records/operating-point.js";
import { AUDIT_CHECKS } from "../../records/audit-check.js";
import { DEFAULT_REPAIR_ROUNDS } from "../../records/run-config.js";
import { credentialReason } from "../../vocabulary/credential-name.js";
import { LimitsConfig } from "./limits-config.js";
import { AgentPresetConfig, KernelConfig, RUNNER_KINDS } from "./runner-config.js";
import { TracesConfig } from "./traces-config.js";
import { LocalisationKeys } from "./localisation-config.js";
import { budgetKeys } from "./budget-config.js";
import { toolKeys } from "./tools-config.js";
import { poolKeys } from "./pool-config.js";
import { RateLimitConfig } from "./rate-limit-config.js";
import { ParentSelectionConfig } from "./parent-selection-config.js";
import { EvolverConfig } from "./evolver-config.js";
import { SCALE_KEYS } from "./scale-config.js";

export { AgentPresetConfig, KernelConfig, RUNNER_KINDS };

const positiveInt = () => z.number().int().positive();

/** The model proxy's default cap on one answer: far above any chat completion, far below a flood. */
export const DEFAULT_MAX_ANSWER_BYTES = 8 * 1024 * 1024;

export const RoleModel = z.strictObject({
  model: z.string().min(1).default("gpt-4o-mini").describe("Model name sent to the endpoint."),
  temperature: z
    .number()
    .min(0)
    .max(2)
    .optional()
    .describe("Sampling temperature; unset = the endpoint's default."),
  maxOutputTokens: positiveInt().optional().describe("Cap on output tokens per call; unset = no cap."),
});
export type RoleModel = z.infer<typeof RoleModel>;

const roleModels = Object.fromEntries(
  ROLES.map((r) => [r, RoleModel.prefault({}).describe(`Model settings of the ${r} role.`)]),
) as {
  [K in (typeof ROLES)[number]]: z.ZodPrefault<typeof RoleModel>;
};

export const Price = z.strictObject({
  input: z.number().nonnegative().describe("Dollars per million input tokens."),
  output: z.number().nonnegative().describe("Dollars per million output tokens."),
  cached: z.number().nonnegative().optional().describe("Dollars per million cached input tokens."),
});
export type Price = z.infer<typeof Price>;

export const ModelsConfig = z.strictObject({
  provider: z
    .enum(["openai", "sim"])
    .default("openai")
    .describe("`openai` talks to any OpenAI-compatible endpoint; `sim` is the simulated world."),
  baseURL: z
    .string()
    .url()
    .optional()
    .describe("Endpoint of an OpenAI-compatible API (Azure, vLLM, llama.cpp, Ollama); unset = OpenAI."),
  apiKeyEnv: z
    .string()
    .default("OPENAI_API_KEY")
    .describe("Environment variable that holds the API key (never the key itself)."),
  timeoutMs: positiveInt().default(120_000).describe("Timeout of one model request, in milliseconds."),
  maxRetries: z.number().int().min(0).default(3).describe("Retries of a failed or malformed model call."),
  concurrency: positiveInt().default(4).describe("Model requests in flight at once."),
  rateLimit: RateLimitConfig.prefault({}).describe(
    "The endpoint's rate limit, shared by every call (docs/scale.md).",
  ),
  roles: z
    .strictObject(roleModels)
    .prefault({})
    .describe("The model each role uses (docs/models.md); every role defaults to gpt-4o-mini."),
  embedding: z
    .strictObject({ model: z.string().min(1).describe("Embedding model name sent to the endpoint.") })
    .optional()
    .describe(
      "An embedding model for hybrid retrieval (BM25 fused with embedding similarity); BM25 alone when unset.",
    ),
  prices: z
    .record(z.string(), Price)
    .default({})
    .describe("Per-model prices (model name → price), so costs can also be shown in dollars."),
  budget: z
    .strictObject({
      tokens: positiveInt().optional().describe("Most tokens one run may spend; unset = no limit."),
      dollars: z.number().positive().optional().describe("Most dollars one run may spend (needs `prices`)."),
    })
    .prefault({})
    .describe("Per-run budget; a call that would exceed it is refused with a clear error."),
});
export type ModelsConfig = z.infer<typeof ModelsConfig>;

export const EvolveConfig = z.strictObject({
  topK: positiveInt().default(5).describe("Skills retrieved into the working scope per run (FRAMES top-K)."),
  batchSize: positiveInt().default(8).describe("Cases per batch each diagnoser sees."),
  maxIterations: positiveInt().default(10).describe("Most iterations of the evolution loop."),
  patience: positiveInt().default(3).describe("Iterations without a frontier change before the loop stops."),
  frontierCap: positiveInt().default(3).describe("Most members the Pareto frontier keeps."),
  consolidation: z
    .enum(["none", "section", "cluster"])
    .default("section")
    .describe("How the diagnosers' proposals are merged before the vote (docs/engine.md)."),
  voteThreshold: z
    .number()
    .min(0)
    .max(1)
    .default(0.4)
    .describe("Fraction of diagnosers that must propose a skill edit for it to survive the vote (q)."),
  epsilon: z
    .number()
    .min(0)
    .max(1)
    .default(0.05)
    .describe("Relative regression tolerance per category: floor = (1 − ε)·PR_c(P₀)."),
  ...poolKeys,
  anchorsPerSkill: z
    .number()
    .int()
    .min(0)
    .default(3)
    .describe("Pool cases shown to the rewriter as anchors per skill."),
  targetedShare: z
    .number()
    .min(0)
    .max(1)
    .default(1)
    .describe(
      "Largest share of the regression-pool sample its skill-targeted layer may take (pool cases linked to the skills a child changed); the category-stratified random layer fills the rest. 1: targeted cases come first, as in FRAMES §A.9.2.",
    ),
  n: positiveInt().default(3).describe("Runs per case when measuring a candidate (n of pass@k)."),
  k: positiveInt()
    .default(3)
    .describe("k of pass@k: the chance that at least one of k runs passes, estimated from the n runs."),
  seed: z.number().int().default(0).describe("Base seed; every random choice derives from it."),
  screening: z
    .boolean()
    .default(false)
    .describe("Lossy saving, off by default: one run per case before promoting a child to n runs."),
  operatingPoint: OperatingPoint.default("accuracy").describe(
    "Which frontier member is P*: `accuracy`, `balanced` or `cost`.",
  ),
  contextBudget: positiveInt()
    .optional()
    .describe(
      "Tokens the skills the agent sees may take together; a larger scope gets an allocation (docs/engine.md).",
    ),
  maskingRuns: positiveInt()
    .optional()
    .describe(
      "Masking runs that estimate skill effects when the scope exceeds contextBudget (default 2 × scope).",
    ),
  ...budgetKeys,
  ...toolKeys,
  strategy: SearchStrategy.optional().describe(
    "Search strategy: `frames` (default), `greedy`, `neo` (SkillNEO) or `evolver` (SkillEvolver).",
  ),
  gateTest: z
    .enum(["floor", "paired"], {
      error: (i) =>
        `evolve.gateTest must be "floor" (FRAMES Eq. 2, the default) or "paired" (the paired gate), got ${JSON.stringify(i.input)}`,
    })
    .optional()
    .describe(
      "The gate's test: `floor` (default, FRAMES Eq. 2) or `paired` (judges PR_c − floor_c with the per-case differences against P₀; docs/engine.md).",
    ),
  exactCost: z
    .boolean()
    .optional()
    .describe(
      "Run the rest of an early-stopped case's runs before a candidate joins the frontier, so member costs equal naive evaluation's (default on, so the savings change no figure and no decision; `false` keeps the estimate, with its interval, settled where it decides, for fewer tokens; always on under `strategy: evolver`; docs/engine.md).",
    ),
  widenScope: z
    .boolean()
    .optional()
    .describe(
      "Widen the working scope when the retrieved top-K cannot explain the failures (the diagnosers edit skills outside it, or patience runs out, before any child is admitted): the skills they named or the next-ranked ones join it and E₀ is re-measured (default on; false keeps FRAMES' frozen scope; docs/engine.md).",
    ),
  localisation: z
    .boolean()
    .optional()
    .describe(
      "Fault localisation: rank the skills, sections and scripts the failing runs touched (Ochiai × p_i), typed as repair sites, and show the diagnosers (default on, chosen by the paired strategies bench; false turns it off).",
    ),
  ...LocalisationKeys,
  ddmin: z
    .boolean()
    .optional()
    .describe(
      "Minimise a refused multi-edit child's edits with ddmin (default on); false keeps one non-minimal nogood of all its edits.",
    ),
  neoPromote: positiveInt()
    .optional()
    .describe(
      "SkillNEO: children of a generation promoted to full evaluation, by screening rank (default 3 of 6, the paper's k of b).",
    ),
  neo: NeoConfig.optional(),
  parentSelection: ParentSelectionConfig,
  evolver: EvolverConfig,
  ...SCALE_KEYS, // shards, jobBudgetMinutes (scale-config.ts)
});
export type EvolveConfig = z.infer<typeof EvolveConfig>;

export const EvaluateConfig = z.strictObject({
  runner: z
    .enum(RUNNER_KINDS)
    .default("reference")
    .describe(
      "Who runs the cases: the built-in reference agent, your own agent command, the kernel harness, or a preset for Claude Code, Codex CLI or the OpenAI Agents SDK (docs/agents.md).",
    ),
  agent: AgentPresetConfig.prefault({}).describe(
    "Settings of the `claude-code`, `codex` and `agents-sdk` runners (docs/agents.md).",
  ),
  agentCommand: z
    .array(z.string().min(1))
    .optional()
    .describe("Argument array of your own agent for the `command` runner (docs/agent-command.md)."),
  timeoutMs: positiveInt().default(300_000).describe("Timeout of one case execution, in milliseconds."),
  maxOutputBytes: positiveInt().default(1_000_000).describe("Most bytes of output kept from one execution."),
  maxTurns: positiveInt().default(20).describe("Most agent turns in one case."),
  bootstrap: positiveInt().default(10_000).describe("Bootstrap resamples for the pass-rate intervals."),
  cacheDir: z
    .string()
    .default(".skillops-cache")
    .describe("Folder of the content-addressed execution cache."),
  kernel: KernelConfig.prefault({}).describe("Settings of the `kernel` runner (docs/kernel.md)."),
  sandbox: z
    .enum(["bwrap", "none"])
    .default("bwrap")
    .describe(
      "How model-written and case-supplied code runs: `bwrap` (bubblewrap: own namespaces, no network, read-only bank, limits) or `none` (unsandboxed, warned about in the run, its record and every PR; docs/security.md).",
    ),
  env: z
    .strictObject({
      pass: z
        .array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "an environment variable name"))
        .default([])
        .superRefine((names, ctx) => {
          for (const name of names) {
            const why = credentialReason(name);
            if (why)
              ctx.addIssue({
                code: "custom",
                message: `evaluate.env.pass may not name ${name}: ${why}; credentials never reach a spawned process (docs/security.md)`,
              });
          }
        })
        .describe(
          "Environment variables passed to spawned programs besides PATH, locale and TZ (HOME and TMPDIR are private); a credential-like name is refused.",
        ),
    })
    .prefault({})
    .describe("The environment of spawned programs: an allowlist, never our own environment."),
  limits: LimitsConfig.prefault({}).describe(
    "Resource limits of each spawned program under `sandbox: bwrap` (prlimit, and the size of its private /tmp).",
  ),
  modelProxy: z
    .strictObject({
      maxAnswerBytes: positiveInt()
        .default(DEFAULT_MAX_ANSWER_BYTES)
        .describe(
          "Largest model answer (or request) the command runner's proxy passes on; larger ones are refused.",
        ),
    })
    .prefault({})
    .describe("The recording proxy between a command agent and the model (docs/agent-command.md)."),
});
export type EvaluateConfig = z.infer<typeof EvaluateConfig>;

export const Scope = z.strictObject({
  name: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .describe("Scope name: lowercase letters, digits and dashes."),
  skills: z.array(z.string()).min(1).describe("Skill names in this scope; no skill may be in two scopes."),
  runsOn: z
    .array(z.string())
    .optional()
    .describe('Runner labels for this scope\'s job, e.g. `["self-hosted", "gpu"]` for kernel tasks.'),
  runner: z
    .enum(RUNNER_KINDS)
    .optional()
    .describe(
      "Who runs this scope's cases (default `evaluate.runner`); `kernel` sends its job to `runners.gpu` unless `runsOn` says otherwise.",
    ),
});
export type Scope = z.infer<typeof Scope>;

export const Config = z
  .strictObject({
    bank: z.string().default("skill-bank").describe("Folder of the skill bank (one folder per skill)."),
    pool: z.string().default("regression-pool").describe("Folder of the regression pool of resolved cases."),
    policy: z
      .array(z.string().min(1))
      .default([])
      .describe(
        "Policy documents (Markdown files, or folders of them) for `/skillops coldstart` and the policy channel on push.",
      ),
    categories: z
      .array(z.string().regex(/^[a-z0-9][a-z0-9-]*$/))
      .min(1)
      .default(["general", "hallucination", "special"])
      .describe("Feedback categories; the gate keeps each one's pass rate above its floor."),
    models: ModelsConfig.prefault({}).describe("The model endpoint, the model per role, prices and budget."),
    evolve: EvolveConfig.prefault({}).describe("The evolution loop (FRAMES Table 3 defaults)."),
    evaluate: EvaluateConfig.prefault({}).describe("How cases are run and scored."),
    traces: TracesConfig.prefault({}).describe("The trajectory channel's traces (ingest --traces)."),
    feedback: z
      .strictObject({
        trustedAuthors: z
          .array(z.string())
          .default([])
          .describe("Authors whose feedback is accepted without a maintainer's label."),
        maxBodyChars: positiveInt()
          .default(20_000)
          .describe("Longest feedback issue body read, in characters."),
      })
      .prefault({})
      .describe("Feedback issues."),
    runners: z
      .strictObject({
        default: z.array(z.string()).default(["ubuntu-latest"]).describe("Runner labels of an ordinary job."),
        gpu: z
          .array(z.string())
          .default(["self-hosted", "gpu"])
          .describe("Runner labels of a job whose runner is `kernel`."),
      })
      .prefault({})
      .describe("Runner labels of the evolve jobs (docs/workflows.md)."),
    audit: z
      .strictObject({
        checks: z
          .partialRecord(z.enum(AUDIT_CHECKS), z.enum(["error", "warning", "off"]))
          .default({})
          .describe("Severity per audit check (docs/audit.md); absent = the check's own severities."),
        repairRounds: z
          .int()
          .min(0)
          .max(10)
          .default(DEFAULT_REPAIR_ROUNDS)
          .describe(
            "Repair rounds for a child the audit refuses: revert the skills with an error finding and rewrite them with the findings, at most this many times, before refusing it (0 = refuse at once).",
          ),
        model: z
          .strictObject({
            enabled: z
              .boolean()
              .default(false)
              .describe("Run the model-backed auditor on every measured child."),
            budgetTokens: positiveInt().default(50_000).describe("The auditor's own token budget per run."),
            severity: z
              .enum(["advisory", "error"])
              .default("advisory")
              .describe("advisory: its findings are warnings; error: an error finding refuses the child."),
          })
          .prefault({})
          .describe("The model-backed auditor (models.roles.auditor), docs/audit.md."),
      })
      .prefault({})
      .describe("The deterministic audit of a candidate bank (`skillops audit`)."),
    nogoods: z
      .strictObject({
        fromRejections: z
          .boolean()
          .default(true)
          .describe(
            "The app turns a rolled-back or closed-unmerged frontier PR into nogoods and commits them to the default branch (docs/nogoods.md).",
          ),
      })
      .prefault({})
      .describe("Nogoods: refused section edits, kept in `.skillops/nogoods/`."),
    scopes: z
      .array(Scope)
      .default([])
      .describe("Disjoint working scopes; each runs as its own job in a matrix. None = the whole bank."),
  })
  .superRefine((c, ctx) => {
    if (c.evaluate.env.pass.includes(c.models.apiKeyEnv))
      ctx.addIssue({
        code: "custom",
        path: ["evaluate", "env", "pass"],
        message: `evaluate.env.pass may not name ${c.models.apiKeyEnv}: it holds the model API key (models.apiKeyEnv); agents reach the model through the proxy, which adds the key`,
      });
  });
export type Config = z.infer<typeof Config>;

export const DEFAULT_CONFIG: Config = Config.parse({});
