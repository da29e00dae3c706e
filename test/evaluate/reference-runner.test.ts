// The reference agent end to end: real skills loaded from bank files, a case built from a τ²-bench
// domain (our own fixture, and the real mock domain from the corpora when present), the real
// `openai` client against the local HTTP double with model answers scripted for the test, a real
// script run by `run_script`, and the judge.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadBank } from "../../src/core/bank/bank.js";
import type { BankFile } from "../../src/core/bank/skill.js";
import { ModelsConfig } from "../../src/core/config/config.js";
import { createMemoryCache } from "../../src/core/evaluate/cache.js";
import { evaluateCase } from "../../src/core/evaluate/evaluate.js";
import { TRANSIENT_RERUNS } from "../../src/core/evaluate/execute-run.js";
import { createReferenceRunner } from "../../src/io/runners/reference.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { corpusPath, skipWithoutCorpus } from "../support/corpora.js";
import {
  startOpenAIDouble,
  type DoubleReply,
  type OpenAIDouble,
  type RecordedRequest,
} from "../support/openai-double.js";
import { FIXTURE_DOMAIN, loadTau2Domain, type Tau2Domain } from "./tau2-domain.js";
import { TEST_CONTAINMENT } from "../support/containment.js";

const enc = (s: string) => new TextEncoder().encode(s);

let double: OpenAIDouble | undefined;
afterEach(async () => double?.close());

const isJudge = (r: RecordedRequest) => Boolean((r.body as { response_format?: unknown }).response_format);

function setup(
  agentTurns: DoubleReply[],
  judge: DoubleReply[] = [],
  overrides: Record<string, unknown> = {},
) {
  let a = 0;
  let j = 0;
  return startOpenAIDouble(
    (req) =>
      (isJudge(req) ? judge[j++] : agentTurns[a++]) ?? {
        status: 500,
        headers: { "x-should-retry": "false" },
      },
  ).then((d) => {
    double = d;
    const config = ModelsConfig.parse({
      baseURL: d.baseURL,
      maxRetries: 0,
      timeoutMs: 5_000,
      roles: { agent: { model: "agent-model" }, judge: { model: "judge-model" } },
      ...overrides,
    });
    // Retries of malformed answers wait on this instead of the clock.
    const model = createOpenAIModel(config, { env: { OPENAI_API_KEY: "k" }, sleep: async () => {} });
    const runner = createReferenceRunner({
      containment: TEST_CONTAINMENT,
      model,
      modelSettings: model.settingsKey("agent"),
      maxTurns: 4,
      scriptTimeoutMs: 10_000,
      maxOutputBytes: 100_000,
    });
    return { model, runner, double: d };
  });
}

// The same tests on our own τ²-format domain (always) and on the real τ² mock domain (when present).
const DOMAINS = [
  {
    name: "our τ²-format fixture",
    dir: FIXTURE_DOMAIN,
    rule: "Tasks can be created only for users that exist in the database.",
    skip: false,
  },
  {
    name: "the τ² mock domain",
    dir: corpusPath("tau2-mock"),
    rule: "Only existing users can create tasks",
    skip: skipWithoutCorpus("tau2-mock"),
  },
];

for (const domain of DOMAINS)
  describe.skipIf(domain.skip)(`reference agent on ${domain.name}`, () => {
    let dom: Tau2Domain;
    beforeAll(() => {
      dom = loadTau2Domain(domain.dir);
    });

    it("loads the skill, reads the input, runs the skill's script, answers, and is scored (rubric + judge)", async () => {
      expect(dom.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      const answer = {
        actions: dom.goldActions("create_task_1"),
        reply: "Done: I created the task for user_1.",
      };
      const { model, runner, double } = await setup(
        [
          {
            completion: {
              toolCalls: [{ id: "c1", name: "load_skill", arguments: { name: "mock-tasks" } }],
              usage: { input: 300, output: 20, cached: 0 },
            },
          },
          {
            completion: {
              toolCalls: [
                { id: "c2", name: "read_file", arguments: { path: "db.json" } },
                {
                  id: "c3",
                  name: "run_script",
                  arguments: { skill: "mock-tasks", script: "scripts/check_user.py", args: ["user_1"] },
                },
              ],
              usage: { input: 700, output: 40, cached: 256 },
            },
          },
          { completion: { content: JSON.stringify(answer), usage: { input: 900, output: 60, cached: 512 } } },
        ],
        [
          {
            completion: {
              content: '{"reasoning":"The reply says the task was created.","pass":true}',
              usage: { input: 150, output: 15 },
            },
          },
        ],
      );
      const c = dom.caseFromTau2("create_task_1");
      const r = await evaluateCase({
        case: c,
        skills: dom.bank.skills,
        skillFiles: dom.bank.files,
        runner,
        judge: model,
        n: 1,
        k: 1,
      });

      expect(double.requests.flatMap((x) => x.errors)).toEqual([]);
      expect(double.scriptErrors).toEqual([]);
      expect(r).toMatchObject({
        passAtK: 1,
        runs: 1,
        successes: 1,
        tokens: { input: 1900, output: 120, cached: 768 },
        scoringTokens: { input: 150, output: 15, cached: 0 },
      });
      expect(r.runDetails[0]!.items.map((i) => [i.type, i.pass])).toEqual([
        ["equals", true],
        ["equals", true],
        ["judge", true],
      ]);
      expect(r.runDetails[0]!.skillsLoaded).toEqual(["mock-tasks"]);

      const agentRequests = double.requests
        .filter((x) => !isJudge(x))
        .map((x) => x.body as { model: string; messages: { role: string; content: string }[] });
      const system = agentRequests[0]!.messages[0]!.content;
      // Skills are listed by name and description; bodies are not in the prompt until loaded.
      expect(system).toContain("- mock-tasks: Create, update and refuse task requests");
      expect(system).toContain("- compliments: Compliment the user");
      expect(system).not.toContain(domain.rule);
      const toolResults = agentRequests[2]!.messages.filter((m) => m.role === "tool").map((m) => m.content);
      expect(toolResults[0]).toContain(`3. ${domain.rule}`);
      expect(toolResults[0]).toContain("Always check the user exists before creating a task.");
      expect(toolResults[1]).toBe(dom.db);
      expect(toolResults[2]).toBe("exit code 0\nstdout:\nexists\n\nstderr:\n");
      expect(agentRequests[0]!.model).toBe("agent-model");
    });

    it("records the trace: skills loaded, scripts run, tool calls that failed", async () => {
      const { runner } = await setup([
        { completion: { toolCalls: [{ name: "load_skill", arguments: { name: "nope" } }] } },
        {
          completion: {
            toolCalls: [
              {
                name: "run_script",
                arguments: { skill: "mock-tasks", script: "scripts/check_user.py", args: ["user_9"] },
              },
            ],
          },
        },
        { completion: { content: "I cannot delete tasks; transferring you to a human agent." } },
      ]);
      const r = await runner.run({
        case: dom.caseFromTau2("impossible_task_1"),
        skills: dom.bank.skills,
        skillFiles: dom.bank.files,
        runIndex: 0,
        files: { "db.json": dom.db },
      });
      expect(r.output).toBe("I cannot delete tasks; transferring you to a human agent.");
      expect(r.trace).toEqual([
        { type: "tool-call", name: "load_skill", ok: false },
        { type: "script-ran", skill: "mock-tasks", script: "scripts/check_user.py", exitCode: 0 },
        { type: "tool-call", name: "run_script", ok: true },
      ]);
    });

    it("run_script enforces its timeout and output cap, and tells the model", async () => {
      const files: BankFile[] = [
        ...dom.bankFiles,
        // bash starts in milliseconds, so neither limit depends on an interpreter's start-up time.
        { path: "mock-tasks/scripts/slow.sh", bytes: enc("sleep 30\n") },
        { path: "mock-tasks/scripts/loud.sh", bytes: enc("head -c 1000000 /dev/zero | tr '\\0' x\n") },
      ];
      const skills = loadBank(files).bank.skills;
      const d = await startOpenAIDouble([
        {
          completion: {
            toolCalls: [
              { name: "run_script", arguments: { skill: "mock-tasks", script: "scripts/slow.sh", args: [] } },
            ],
          },
        },
        {
          completion: {
            toolCalls: [
              { name: "run_script", arguments: { skill: "mock-tasks", script: "scripts/loud.sh", args: [] } },
            ],
          },
        },
        {
          completion: {
            toolCalls: [
              {
                name: "run_script",
                arguments: { skill: "mock-tasks", script: "../../etc/passwd", args: [] },
              },
            ],
          },
        },
        { completion: { content: "gave up" } },
      ]);
      double = d;
      const model = createOpenAIModel(ModelsConfig.parse({ baseURL: d.baseURL, maxRetries: 0 }), {
        env: { OPENAI_API_KEY: "k" },
      });
      const runner = createReferenceRunner({
        containment: TEST_CONTAINMENT,
        model,
        modelSettings: "m",
        maxTurns: 5,
        scriptTimeoutMs: 3000,
        maxOutputBytes: 10_000,
      });
      const r = await runner.run({
        case: dom.caseFromTau2("update_task_1"),
        skills,
        skillFiles: files,
        runIndex: 0,
        files: {},
      });
      expect(r.output).toBe("gave up");
      const toolResults = d.requests
        .slice(1)
        .map((x) => (x.body as { messages: { role: string; content: string }[] }).messages.at(-1)!.content);
      expect(toolResults[0]).toMatch(/^timed out after 3000 ms/);
      expect(toolResults[1]).toMatch(/^stopped: output over 10000 bytes/);
      expect(toolResults[2]).toMatch(/^error: mock-tasks has no script "..\/..\/etc\/passwd"/);
      expect(r.trace.filter((e) => e.type === "script-ran")).toEqual([
        {
          type: "script-ran",
          skill: "mock-tasks",
          script: "scripts/slow.sh",
          exitCode: null,
          timedOut: true,
        },
        { type: "script-ran", skill: "mock-tasks", script: "scripts/loud.sh", exitCode: null },
      ]);
    });

    it("stops at the maximum number of turns with a recorded failure", async () => {
      const loop = { completion: { toolCalls: [{ name: "read_file", arguments: { path: "db.json" } }] } };
      const { runner } = await setup([loop, loop, loop, loop, loop]);
      const r = await runner.run({
        case: dom.caseFromTau2("update_task_1"),
        skills: dom.bank.skills,
        runIndex: 0,
        files: { "db.json": dom.db },
      });
      expect(r.error).toBe("no final answer within 4 turns");
    });

    it("a rate-limited, failing or garbage endpoint is a recorded failed run, transient in every case", async () => {
      // No wait allowed for 429s: the rate-limited answer is the run's outcome at once.
      const { runner } = await setup(
        [
          {
            status: 429,
            headers: { "retry-after": "0" },
            json: {
              error: {
                message: "Rate limit reached",
                type: "requests",
                param: null,
                code: "rate_limit_exceeded",
              },
            },
          },
          { status: 502 },
          { garbage: "{not json" },
        ],
        [],
        { rateLimit: { maxWaitMs: 0 } },
      );
      const input = {
        case: dom.caseFromTau2("update_task_1"),
        skills: dom.bank.skills,
        runIndex: 0,
        files: {},
      };
      const limited = await runner.run(input);
      expect(limited).toMatchObject({
        output: null,
        transient: true,
        error: expect.stringMatching(/^agent model call failed \(rate-limited\)/),
      });
      expect(await runner.run(input)).toMatchObject({
        transient: true,
        error: expect.stringMatching(/\(server\)/),
      });
      const garbage = await runner.run(input);
      expect(garbage.error).toMatch(/\(bad-response\)/);
      expect(garbage.transient).toBe(true);
    });

    it("a malformed completion (no choices, a null choice, no message) is a transient failed run, not a crash", async () => {
      const completion = (choices: unknown) => ({
        status: 200,
        json: { id: "c", object: "chat.completion", created: 1, model: "agent-model", choices },
      });
      const { runner } = await setup([
        completion([]),
        completion([null]),
        completion([{ index: 0, finish_reason: "stop" }]),
      ]);
      const input = {
        case: dom.caseFromTau2("update_task_1"),
        skills: dom.bank.skills,
        runIndex: 0,
        files: {},
      };
      const errors = [];
      for (let i = 0; i < 3; i++) {
        const r = await runner.run(input);
        expect(r).toMatchObject({ output: null, transient: true });
        errors.push(r.error);
      }
      expect(errors).toEqual([
        "agent model call failed (bad-response): the endpoint answered a chat completion with no choices",
        "agent model call failed (bad-response): the endpoint answered a choice with no message: null",
        'agent model call failed (bad-response): the endpoint answered a choice with no message: {"index":0,"finish_reason":"stop"}',
      ]);
    });

    it("a truncated or HTML answer is retried within the run and, once retries and re-runs are spent, never scored or cached", async () => {
      const html = {
        status: 200,
        headers: { "content-type": "text/html" },
        text: "<html>proxy error</html>",
      };
      const replies: DoubleReply[] = [
        { truncated: true },
        html,
        { truncated: true },
        html,
        html,
        html,
        html,
        html,
        html,
      ];
      const { runner } = await setup(replies, [], {
        maxRetries: 2,
      });
      const c = dom.caseFromTau2("update_task_1");
      const cache = createMemoryCache();
      const evaluate = () =>
        evaluateCase({ case: c, skills: dom.bank.skills, runner, n: 1, k: 1, cache, files: {} });
      // Every execution (the run and its re-runs) ended transient: the case is never scored.
      await expect(evaluate()).rejects.toThrow(
        /case update-task-1: every run ended in an infrastructure failure, so nothing was scored or cached \(last: agent model call failed \(bad-response\)/,
      );
      // Each execution's call and its two retries reached the endpoint; nothing was cached.
      expect(double!.requests).toHaveLength(3 * (1 + TRANSIENT_RERUNS));
      expect(cache.size()).toBe(0);
    });

    it("a timed-out agent call is a transient failed run", async () => {
      const { runner } = await setup([{ hang: true }], [], { timeoutMs: 300 });
      const r = await runner.run({
        case: dom.caseFromTau2("update_task_1"),
        skills: dom.bank.skills,
        runIndex: 0,
        files: {},
      });
      expect(r).toMatchObject({ transient: true, error: expect.stringMatching(/\(timeout\)/) });
    });
  });
