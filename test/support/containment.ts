// Containments for tests: NO_SANDBOX (the allowlisted environment without bubblewrap, for tests of
// the unsandboxed path) and SANDBOX (bubblewrap, where it works). CI installs bubblewrap (.ci/run),
// so there a missing one fails the sandbox tests instead of skipping them.
import { DEFAULT_LIMITS, type Containment } from "../../src/core/sandbox/containment.js";
import { probeSandbox } from "../../src/io/sandbox/sandbox-ready.js";

export const NO_SANDBOX: Containment = {
  sandbox: "none",
  pass: [],
  limits: DEFAULT_LIMITS,
  parentEnv: process.env,
};

export const SANDBOX: Containment = { ...NO_SANDBOX, sandbox: "bwrap" };

/** True where bubblewrap cannot run and this is not CI: sandbox tests skip, naming bubblewrap. */
export const SANDBOX_MISSING = typeof (await probeSandbox(process.env)) === "string" && !process.env.CI;
export const SANDBOX_SKIP_REASON = "bubblewrap (bwrap) is not usable here: apt-get install bubblewrap";

/** The sandbox where it works, else the unsandboxed path: for tests whose subject is not containment. */
export const TEST_CONTAINMENT: Containment = SANDBOX_MISSING ? NO_SANDBOX : SANDBOX;
