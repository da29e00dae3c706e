// One run's recording proxy (model-proxy.ts) for the agents skillops starts as commands: in a
// sandbox it listens on a socket the bridge serves at 127.0.0.1:BRIDGE_PORT, unsandboxed on a TCP
// port. The agent gets a per-run token; the proxy holds the real key, forwards only the agent's
// model calls (its routes) and counts the tokens.
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { RunInput, RunResult } from "../../core/evaluate/runner.js";
import type { Containment } from "../../core/sandbox/containment.js";
import type { SpawnView } from "../sandbox/contained-command.js";
import { startModelProxy, type ModelProxy, type ProxyStore } from "./model-proxy.js";
import type { ModelRoute } from "../../core/sandbox/model-route.js";
import { withTempDir } from "./skills-dir.js";
import type { RateGate } from "../llm/rate-gate.js";

/** Inside a sandbox the bridge listens here on the sandbox's own loopback (no other network there). */
export const BRIDGE_PORT = 4141;

export interface RunProxyOptions {
  upstream: string;
  apiKey?: string | undefined;
  store?: ProxyStore;
  maxAnswerBytes?: number;
  /** The upstream's rate gate, shared by every run's proxy (and the model client) of the process. */
  gate?: RateGate;
  /** Waits between tries of a request whose connection to the endpoint failed (model-proxy.ts). */
  connectBackoffMs?: readonly number[];
}

/** The agent behind the proxy: the variables that point it there, and the model calls it makes. */
export interface ProxiedAgent {
  env: (baseURL: string, token: string) => Record<string, string>;
  routes: readonly ModelRoute[];
}

/** What a run behind the proxy spawns with: the variables pointing at it, and the sandbox's view of it. */
export interface ProxyExtras {
  env: Record<string, string>;
  /** The proxy's base URL as the agent reaches it (ends in /v1), for agents configured by arguments. */
  baseURL: string;
  view: Pick<SpawnView, "proxy">;
}

export async function withRunProxy(
  p: RunProxyOptions,
  containment: Containment,
  input: RunInput,
  agent: ProxiedAgent,
  run: (extras: ProxyExtras, proxy: ModelProxy) => Promise<RunResult>,
): Promise<RunResult> {
  const go = async (socket: string | undefined) => {
    const token = `skillops-run-${randomBytes(18).toString("hex")}`;
    const proxy = await startModelProxy({
      upstream: p.upstream,
      routes: agent.routes,
      scope: { caseId: input.case.id, runIndex: input.runIndex, settings: p.upstream },
      store: p.store,
      apiKey: p.apiKey,
      token,
      socket,
      maxAnswerBytes: p.maxAnswerBytes,
      gate: p.gate,
      connectBackoffMs: p.connectBackoffMs,
    });
    try {
      const baseURL = socket ? `http://127.0.0.1:${BRIDGE_PORT}/v1` : proxy.baseURL;
      const view = socket ? { proxy: { socket, port: BRIDGE_PORT } } : {};
      return await run({ env: agent.env(baseURL, token), baseURL, view }, proxy);
    } finally {
      await proxy.close();
    }
  };
  if (containment.sandbox === "none") return go(undefined);
  return withTempDir("skillops-proxy-", (dir) => go(join(dir, "model.sock")));
}

/**
 * The run's usage: the proxy's count when the agent called it (`preferOwn`: only when the agent
 * reported none), else the agent's own figure; with both, the proxy's count is kept beside it
 * (`proxyUsage`), so a gap between what the agent reports and what it sent is visible.
 */
export function withProxyUsage(r: RunResult, proxy: ModelProxy, preferOwn = false): RunResult {
  const own = r.usage.input + r.usage.output > 0;
  if (proxy.calls() === 0) return { ...r, usageSource: "self-reported" };
  const calls = { modelCalls: proxy.calls() };
  if (preferOwn && own) return { ...r, ...calls, usageSource: "self-reported", proxyUsage: proxy.usage() };
  const reused = proxy.reused();
  return {
    ...r,
    ...calls,
    usage: proxy.usage(),
    usageSource: "proxy",
    ...(reused.input + reused.output > 0 ? { reused } : {}),
  };
}

/**
 * A failed run whose agent never had a model call work through the proxy (none made, every one
 * refused upstream or unreachable) says nothing about the skills: an infrastructure failure,
 * marked transient (never cached, never scored) with what the proxy saw.
 */
export function withInfrastructureVerdict(r: RunResult, proxy: ModelProxy): RunResult {
  if (r.error === undefined || proxy.okCalls() > 0) return r;
  const calls = proxy.calls();
  const why =
    proxy.unreachable() > 0
      ? `the model endpoint was unreachable (${proxy.unreachable()} call(s) never connected)`
      : calls === 0
        ? "no model call reached the proxy"
        : `all ${calls} model calls failed upstream`;
  return { ...r, error: `${r.error} [infrastructure: ${why}]`, transient: true };
}
