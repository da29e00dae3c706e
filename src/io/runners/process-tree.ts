// Every process a spawned program started, found and ended. A process-group kill misses children
// that called setsid() (they leave the group), so each spawned tree also carries a unique
// environment variable, which children inherit across setsid(); at the end we scan /proc/*/environ
// for it. Limits (docs/agent-command.md, "Containment"): Linux only (elsewhere: the group kill
// alone), and a process that both leaves the group and scrubs its environment is not found.
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";

/** The variable that marks every process of one spawned tree. */
export const TREE_TAG_VAR = "SKILLOPS_PROCESS_TREE";

export interface KilledProcess {
  pid: number;
  /** The command line from /proc/<pid>/cmdline (shortened), else its name. */
  command: string;
}

/** A spawned tree: its group id (the leader's pid) and the tag its environment carries. */
export interface ProcessTree {
  pgid: number;
  tag: string;
}

export function newTreeTag(): string {
  return randomUUID();
}

/** Rounds of scan-and-kill, so a child forked while we were killing its parent is caught too. */
const ROUNDS = 5;
const COMMAND_CHARS = 120;

/** Sends SIGKILL to the whole tree; returns the live processes it killed (none when it was already empty). */
export function killTree(tree: ProcessTree): KilledProcess[] {
  const killed = new Map<number, KilledProcess>();
  for (let round = 0; round < ROUNDS; round++) {
    const found = findTree(tree).filter((p) => !killed.has(p.pid));
    // The group kill first stops its members forking; on a system without /proc it is all we have.
    signal(-tree.pgid);
    if (found.length === 0) break;
    for (const p of found) if (signal(p.pid)) killed.set(p.pid, p);
  }
  return [...killed.values()].sort((a, b) => a.pid - b.pid);
}

/**
 * Kills the process group only: enough for a sandboxed tree, whose leader's death ends its PID
 * namespace and every process in it. Nothing is scanned, so the sandbox is named as one entry
 * (`command`), and only when it was still running.
 */
export function killGroup(pgid: number, command: string): KilledProcess[] {
  return signal(-pgid) ? [{ pid: pgid, command: shorten(command) }] : [];
}

function shorten(text: string): string {
  return text.length > COMMAND_CHARS ? `${text.slice(0, COMMAND_CHARS - 1)}…` : text;
}

/** True when the signal was delivered; a process that is already gone is not an error. */
function signal(pid: number): boolean {
  try {
    process.kill(pid, "SIGKILL");
    return true;
  } catch {
    return false;
  }
}

/** The live processes of the tree: members of its group, or carrying its tag. Empty without /proc. */
export function findTree(tree: ProcessTree): KilledProcess[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const needle = Buffer.from(`${TREE_TAG_VAR}=${tree.tag}\0`);
  const out: KilledProcess[] = [];
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid) continue;
    const stat = readStat(pid);
    // Zombies are dead already and wait only for their parent to reap them.
    if (!stat || stat.state === "Z") continue;
    if (stat.pgrp === tree.pgid || environHas(pid, needle))
      out.push({ pid, command: commandOf(pid, stat.comm) });
  }
  return out;
}

function readStat(pid: number): { comm: string; state: string; pgrp: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid pgrp …"; comm may itself hold spaces and parentheses.
  const close = text.lastIndexOf(")");
  const rest = text.slice(close + 2).split(" ");
  return { comm: text.slice(text.indexOf("(") + 1, close), state: rest[0] ?? "", pgrp: Number(rest[2]) };
}

function environHas(pid: number, needle: Buffer): boolean {
  try {
    const env = readFileSync(`/proc/${pid}/environ`);
    // Each entry ends in NUL; prefixing one makes the first entry match like the rest.
    return Buffer.concat([Buffer.from("\0"), env]).includes(Buffer.concat([Buffer.from("\0"), needle]));
  } catch {
    return false;
  }
}

function commandOf(pid: number, comm: string): string {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
    if (argv) return shorten(argv);
  } catch {
    // fall through to the name
  }
  return comm;
}

/** "pid 123 (sleep 100), pid 124 (bash x.sh)" for messages. */
export function describeKilled(killed: readonly KilledProcess[]): string {
  return killed.map((p) => `pid ${p.pid} (${p.command})`).join(", ");
}

/** One entry per pid, the first seen kept (a tree swept twice lists a process once). */
export function uniqueProcesses(killed: readonly KilledProcess[]): KilledProcess[] {
  return [...new Map(killed.map((p) => [p.pid, p])).values()];
}
