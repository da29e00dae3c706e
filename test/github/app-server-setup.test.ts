// `npm start` before the app is registered (Probot's setup mode), as a newcomer runs it: no
// "SmeeClient is not available" warning (skillops does not depend on smee-client, so the channel
// Probot tried to open never could), and the setup wizard still listens (issue 43).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/repo-root.js";

const scratch = mkdtempSync(join(tmpdir(), "skillops-setup-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The app server from src/ in setup mode (no APP_ID, no key, an empty folder), until it listens. */
async function setupModeOutput(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--import", import.meta.resolve("tsx"), join(REPO_ROOT, "src/apps/app/app-server.ts")],
    { cwd: scratch, env: { PATH: process.env.PATH ?? "", HOME: scratch, PORT: String(port), ...env } },
  );
  let out = "";
  return new Promise((resolve) => {
    const listen = (d: Buffer) => {
      out += d.toString();
      if (out.includes(`Listening on http://localhost:${port}`)) child.kill();
    };
    child.stdout.on("data", listen);
    child.stderr.on("data", listen);
    child.on("exit", () => resolve(out));
  });
}

describe("npm start in setup mode", () => {
  it("opens the setup wizard without a smee warning", async () => {
    const out = await setupModeOutput({});
    expect(out).toContain("Welcome to Probot!");
    expect(out).toContain("Listening on http://localhost:");
    expect(out).not.toMatch(/smee/i);
  }, 90_000);
});
