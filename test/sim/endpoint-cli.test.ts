// `skillops sim serve`: prints the endpoint's baseURL, answers through it until interrupted, and
// refuses a missing or invalid world and a bad port with exit 2 and the reason.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runSimServe } from "../../src/apps/cli/sim/sim-serve.js";
import type { CliContext } from "../../src/apps/cli/context.js";
import type { SimEndpoint } from "../../src/sim/endpoint/server.js";
import { runCli } from "../cli/run-cli.js";

async function worldDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "skillops-sim-serve-"));
  const world = await runCli(["sim", "new", "--seed", "4", "--rules", "3"], dir);
  await writeFile(join(dir, "world.yml"), world.stdout);
  return dir;
}

describe("skillops sim serve", () => {
  it("prints the baseURL on stdout and serves until interrupted", async () => {
    const dir = await worldDir();
    let stdout = "";
    let stderr = "";
    const ctx: CliContext = {
      io: {
        stdout: (t) => void (stdout += t),
        stderr: (t) => void (stderr += t),
        cwd: dir,
        isTTY: false,
        env: {},
      },
      exitCode: 0,
    };
    let stop!: () => void;
    const until = new Promise<void>((ok) => (stop = ok));
    let served: SimEndpoint | undefined;
    const done = runSimServe(ctx, { world: "world.yml" }, until, (e) => (served = e));
    await new Promise((ok) => setTimeout(ok, 50));
    expect(stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\n$/);
    const res = await fetch(`${stdout.trim()}/embeddings`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "m", input: ["a text"] }),
    });
    expect(res.status).toBe(200);
    expect(served!.requests.map((r) => r.role)).toEqual(["embedding"]);
    stop();
    expect(await done).toBe(0);
    expect(stderr).toContain("simulated");
    expect(stderr).toContain("served 1 requests");
  });

  it("refuses a missing world, a file that is no world, and a bad port (exit 2)", async () => {
    const dir = await worldDir();
    await writeFile(join(dir, "bad.yml"), "kind: nope\n");
    const missing = await runCli(["sim", "serve", "--world", "nope.yml"], dir);
    expect(missing).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--world nope.yml: no such file"),
    });
    const bad = await runCli(["sim", "serve", "--world", "bad.yml"], dir);
    expect(bad).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("bad.yml: not a simulated world file"),
    });
    const port = await runCli(["sim", "serve", "--world", "world.yml", "--port", "http"], dir);
    expect(port).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--port must be an integer in [0, 65535], got "http"'),
    });
  });
});
