// The containment a command runs with (docs/security.md): with `sandbox: none` it warns on stderr;
// with `bwrap` it stops, before the first execution, when bubblewrap cannot run here (exit 1 with
// how to install it). A simulated run starts no program of its own, so it checks only when a tool
// world's script checks spawn one.
import type { Config } from "../../../core/config/config.js";
import { containmentOf, UNSANDBOXED_WARNING, type Containment } from "../../../core/sandbox/containment.js";
import { assertSandboxReady } from "../../../io/sandbox/sandbox-ready.js";
import type { CliIo } from "../context.js";

export async function containmentFor(config: Config, io: CliIo, simulated = false): Promise<Containment> {
  const containment = containmentOf(config.evaluate, io.env);
  if (containment.sandbox === "none") io.stderr(`warning: ${UNSANDBOXED_WARNING}\n`);
  else if (!simulated) await assertSandboxReady(containment);
  return containment;
}
