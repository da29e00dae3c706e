// skillops sim serve --world world.yml [--port N]
// Serves a simulated world as an OpenAI-compatible endpoint on 127.0.0.1 (docs/simulated-world.md
// "The simulated endpoint") until interrupted: point `models.baseURL` at the printed URL, with
// `provider: openai` and any API key. Every figure measured through it is simulated.
import { startSimEndpoint, type SimEndpoint } from "../../../sim/endpoint/server.js";
import { WorldError } from "../../../sim/world.js";
import { systemClock } from "../../../vocabulary/clock.js";
import { UsageError, type CliContext } from "../context.js";
import { loadWorld } from "../evolve/evolve-inputs.js";

export interface SimServeFlags {
  world: string;
  port?: string;
}

function portOf(v: string | undefined): number {
  if (v === undefined) return 0;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65_535)
    throw new UsageError(`--port must be an integer in [0, 65535], got "${v}"`);
  return n;
}

/** Serves until `until` settles, then closes; `onReady` sees the endpoint (tests use it). */
export async function runSimServe(
  ctx: CliContext,
  flags: SimServeFlags,
  until: Promise<unknown>,
  onReady?: (endpoint: SimEndpoint) => void,
): Promise<number> {
  const port = portOf(flags.port);
  const world = await loadWorld(ctx.io, flags.world).catch((e: unknown) => {
    throw e instanceof WorldError ? new UsageError(e.message) : e;
  });
  const endpoint = await startSimEndpoint({ world, clock: systemClock, port }).catch((e: Error) => {
    throw new UsageError(`--port ${port}: cannot listen on 127.0.0.1 (${e.message})`);
  });
  ctx.io.stdout(`${endpoint.baseURL}\n`);
  ctx.io.stderr(
    `simulated endpoint for world seed ${world.seed} (every figure measured through it is simulated); ` +
      `set models.provider: openai and models.baseURL: ${endpoint.baseURL}, any API key. Ctrl-C stops it.\n`,
  );
  onReady?.(endpoint);
  await until;
  await endpoint.close();
  ctx.io.stderr(`served ${endpoint.requests.length} requests\n`);
  return 0;
}

/** Resolves on the first SIGINT or SIGTERM. */
export function interrupted(): Promise<void> {
  return new Promise((ok) => {
    process.once("SIGINT", () => ok());
    process.once("SIGTERM", () => ok());
  });
}
