// What a config change loosens in the containment of the programs skillops runs (docs/security.md
// "Config changes that weaken containment"): the sandbox turned off, a larger limit, a new name passed
// into spawned programs' environment, or another program run as the agent. The app's
// `skillops/config` check fails a pull request that does any of these unless a maintainer approves
// it (apps/app/config-check.ts), so a contributor without maintain rights cannot loosen the sandbox
// by a config PR that merely "validates". Pure.
import type { Config } from "./config.js";

const LIMITS = ["cpuSeconds", "memoryMb", "processes"] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const shown = (v: unknown) => (v === undefined ? "unset" : JSON.stringify(v));

/** The runner settings that decide which program runs as the agent, by key path. */
function runnerSettings(c: Config): [string, unknown][] {
  const e = c.evaluate;
  return [
    ["evaluate.runner", e.runner],
    ["evaluate.agentCommand", e.agentCommand],
    ["evaluate.agent.command", e.agent.command],
    ["evaluate.kernel.agent", e.kernel.agent],
    ["evaluate.kernel.python", e.kernel.python],
    ...c.scopes.map((s): [string, unknown] => [`scopes[${s.name}].runner`, s.runner]),
  ];
}

/** Each way `head` loosens containment against `base`, in words; empty when it loosens nothing. */
export function containmentWeakening(base: Config, head: Config): string[] {
  const out: string[] = [];
  const [b, h] = [base.evaluate, head.evaluate];
  if (b.sandbox !== "none" && h.sandbox === "none")
    out.push("`evaluate.sandbox: none` runs model-written and case-supplied programs unsandboxed");
  for (const k of LIMITS)
    if (h.limits[k] > b.limits[k])
      out.push(`\`evaluate.limits.${k}\` raised from ${b.limits[k]} to ${h.limits[k]}`);
  if (h.timeoutMs > b.timeoutMs)
    out.push(`\`evaluate.timeoutMs\` raised from ${b.timeoutMs} to ${h.timeoutMs}`);
  if (h.modelProxy.maxAnswerBytes > b.modelProxy.maxAnswerBytes)
    out.push(
      `\`evaluate.modelProxy.maxAnswerBytes\` raised from ${b.modelProxy.maxAnswerBytes} to ${h.modelProxy.maxAnswerBytes}`,
    );
  const added = h.env.pass.filter((n) => !b.env.pass.includes(n));
  if (added.length > 0)
    out.push(`\`evaluate.env.pass\` passes ${added.map((n) => `\`${n}\``).join(", ")} into spawned programs`);
  const before = new Map(runnerSettings(base));
  for (const [path, value] of runnerSettings(head))
    if (!same(before.get(path), value))
      out.push(
        `\`${path}\` changed from ${shown(before.get(path))} to ${shown(value)}: another program runs as the agent`,
      );
  return out;
}
