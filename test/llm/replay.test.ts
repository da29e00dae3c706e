import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ModelsConfig } from "../../src/core/config/config.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { createReplayModel, ReplayMissError } from "../../src/io/llm/replay.js";
import { startOpenAIDouble, type OpenAIDouble } from "../support/openai-double.js";

const Verdict = z.object({ reasoning: z.string(), pass: z.boolean() });
let double: OpenAIDouble | undefined;
let dir: string | undefined;
afterEach(async () => {
  await double?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("record/replay model", () => {
  it("does not record a transient failure: the next run asks the endpoint again", async () => {
    dir = await mkdtemp(join(tmpdir(), "cassettes-"));
    const answer = { completion: { content: '{"reasoning":"ok","pass":true}' } };
    double = await startOpenAIDouble([{ garbage: "<html>502</html>" }, answer]);
    const inner = createOpenAIModel(ModelsConfig.parse({ baseURL: double.baseURL, maxRetries: 0 }), {
      env: { OPENAI_API_KEY: "k" },
    });
    const recorder = createReplayModel({ dir, mode: "record", inner });
    const req = {
      role: "judge" as const,
      messages: [{ role: "user" as const, content: "Does it greet?" }],
      schema: Verdict,
      schemaName: "verdict",
    };
    const failed = await recorder.structured(req);
    expect(failed.ok ? undefined : failed.failure.kind).toBe("bad-response");
    expect(await readdir(dir).catch(() => [])).toEqual([]);
    expect((await recorder.structured(req)).ok).toBe(true);
    expect(await readdir(dir)).toHaveLength(1);
  });

  it("records cassettes through the real client, then replays them without any endpoint", async () => {
    dir = await mkdtemp(join(tmpdir(), "cassettes-"));
    double = await startOpenAIDouble([
      {
        completion: { content: '{"reasoning":"it says hello","pass":true}', usage: { input: 12, output: 7 } },
      },
      { completion: { content: "plain answer", usage: { input: 3, output: 2 } } },
    ]);
    const inner = createOpenAIModel(ModelsConfig.parse({ baseURL: double.baseURL }), {
      env: { OPENAI_API_KEY: "k" },
    });
    const recorder = createReplayModel({ dir, mode: "record", inner });
    const req = {
      role: "judge" as const,
      messages: [{ role: "user" as const, content: "Does it greet?" }],
      schema: Verdict,
      schemaName: "verdict",
    };
    const recorded = await recorder.structured(req);
    const chat = await recorder.chat({ role: "agent", messages: [{ role: "user", content: "hi" }] });
    expect(await readdir(dir)).toHaveLength(2);
    await double.close();
    double = undefined;

    const player = createReplayModel({ dir, mode: "replay" });
    expect(await player.structured(req)).toEqual(recorded);
    expect(recorded).toEqual({
      ok: true,
      value: { reasoning: "it says hello", pass: true },
      usage: { input: 12, output: 7, cached: 0 },
    });
    expect(await player.chat({ role: "agent", messages: [{ role: "user", content: "hi" }] })).toEqual(chat);
  });

  it("fails loudly on an unseen request, naming it", async () => {
    dir = await mkdtemp(join(tmpdir(), "cassettes-"));
    const player = createReplayModel({ dir, mode: "replay" });
    const err = await player
      .structured({
        role: "judge",
        messages: [{ role: "user", content: "Is the refund policy quoted?" }],
        schema: Verdict,
        schemaName: "verdict",
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReplayMissError);
    expect((err as Error).message).toMatch(
      /structured request \(role judge schema verdict, 1 messages, last user: "Is the refund policy quoted\?"\)/,
    );
  });

  it("keys on the whole normalised request: a changed message is a miss", async () => {
    dir = await mkdtemp(join(tmpdir(), "cassettes-"));
    double = await startOpenAIDouble([{ completion: { content: "a" } }]);
    const inner = createOpenAIModel(ModelsConfig.parse({ baseURL: double.baseURL }), {
      env: { OPENAI_API_KEY: "k" },
    });
    await createReplayModel({ dir, mode: "record", inner }).chat({
      role: "agent",
      messages: [{ role: "user", content: "one" }],
    });
    const player = createReplayModel({ dir, mode: "replay" });
    await expect(
      player.chat({ role: "agent", messages: [{ role: "user", content: "two" }] }),
    ).rejects.toThrow(ReplayMissError);
    await expect(
      player.chat({ role: "judge", messages: [{ role: "user", content: "one" }] }),
    ).rejects.toThrow(/role judge/);
  });
});
