// What a test (or bench) that runs a simulated world through the CLI's world runner passes it: an io
// that prints nothing, and the default config without the sandbox (the simulated agent runs no
// scripts, so such a run measures model calls, not containment).
import type { CliIo } from "../../src/apps/cli/context.js";
import { DEFAULT_CONFIG, type Config } from "../../src/core/config/config.js";

export const QUIET_IO: CliIo = {
  stdout: () => {},
  stderr: () => {},
  cwd: process.cwd(),
  isTTY: false,
  env: {},
};

export const UNSANDBOXED: Config = {
  ...DEFAULT_CONFIG,
  evaluate: { ...DEFAULT_CONFIG.evaluate, sandbox: "none" },
};
