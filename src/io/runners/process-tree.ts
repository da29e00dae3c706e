// Every process a spawned program started, found and ended. A process-group kill misses children
// that called setsid() (they leave the group), so each spawned tree also carries a unique
// environment variable, which children inherit across setsid(); at the end we scan /proc (without
// blocking the event loop) for the group, the tag and their descendants. Limits
// (docs/agent-command.md, "Containment"): Linux only (elsewhere: the group kill alone), and a process
// that leaves the group, scrubs its environment and loses its parent in the tree is not found. A
// sandboxed tree needs none of this: its PID namespace ends with its leader (killGroup).
import { randomUUID } from "node:crypto";
import { close, open, read } from "node:fs";
import { readdir, readFile } from "node:fs/promises";

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
  /** process.uptime() when it was spawned; lets the scan skip the environments of older processes. */
  spawnedAt?: number;
}

export function newTreeTag(): string {
  return randomUUID();
}

/** Rounds of scan-and-kill, so a child forked while we were killing its parent is caught too. */
const ROUNDS = 5;
const COMMAND_CHARS = 120;

/** Sends SIGKILL to the whole tree; returns the live processes it killed (none when it was already empty). */
export async function killTree(tree: ProcessTree): Promise<KilledProcess[]> {
  const killed = new Map<number, KilledProcess>();
  for (let round = 0; round < ROUNDS; round++) {
    const found = (await findTree(tree)).filter((p) => !killed.has(p.pid));
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

interface Stat {
  pid: number;
  comm: string;
  state: string;
  ppid: number;
  pgrp: number;
  /** Clock ticks after boot when it started. */
  start: number;
}

/**
 * The live processes of the tree: members of its group, processes carrying its tag, and their
 * descendants. Empty without /proc. The stat of every pid that may be the tree's is read
 * (asynchronously); an environment only for a process that started after the tree did, the only
 * ones that can carry its tag.
 */
export async function findTree(tree: ProcessTree): Promise<KilledProcess[]> {
  let entries: string[];
  try {
    entries = await readdir("/proc");
  } catch {
    return [];
  }
  const pids = await treeCandidates(entries.filter((n) => /^\d+$/.test(n)).map(Number), tree.pgid);
  // Zombies are dead already and wait only for their parent to reap them.
  const live = (await Promise.all(pids.filter((p) => p !== process.pid).map(readStat))).filter(
    (s): s is Stat => s !== undefined && s.state !== "Z",
  );
  const since = await treeStartTicks(tree);
  const needle = Buffer.from(`\0${TREE_TAG_VAR}=${tree.tag}\0`);
  const tagged = await Promise.all(
    live.map((s) => s.pgrp !== tree.pgid && s.start >= since && environHas(s.pid, needle)),
  );
  const members = new Set(live.filter((s, i) => s.pgrp === tree.pgid || tagged[i]).map((s) => s.pid));
  addDescendants(members, live);
  const found = live.filter((s) => members.has(s.pid));
  return Promise.all(found.map(async (s) => ({ pid: s.pid, command: await commandOf(s.pid, s.comm) })));
}

/**
 * The pids that may belong to the tree. Linux hands pids out in increasing order until they wrap at
 * pid_max, and every process of the tree started after its leader: absent a wrap since (the last
 * pid handed out, ns_last_pid, is still at or above the leader's), only pids from the leader's on.
 * After a wrap, or without ns_last_pid, every pid.
 */
async function treeCandidates(pids: number[], pgid: number): Promise<number[]> {
  const last = Number((await readSmall("/proc/sys/kernel/ns_last_pid"))?.trim());
  return last >= pgid ? pids.filter((p) => p >= pgid) : pids;
}

/** Adds every process whose parent is in `members`, to a fixed point (a setsid()'d child's children). */
function addDescendants(members: Set<number>, live: readonly Stat[]): void {
  for (let grew = true; grew;) {
    grew = false;
    for (const s of live) {
      if (members.has(s.pid) || !members.has(s.ppid)) continue;
      members.add(s.pid);
      grew = true;
    }
  }
}

/** Ticks per second of /proc/<pid>/stat's start time (USER_HZ): 100 on every Linux we run on. */
const USER_HZ = 100;
/** Slack on the tree's start: a later estimate would skip a tagged process, an earlier one costs a read. */
const START_SLACK_S = 2;
let selfStart: Promise<number | undefined> | undefined;

/**
 * No later than the tree's start, in ticks after boot: ours (from /proc/self/stat) plus how long we
 * have run, less the slack; `spawnedAt` is our uptime when the tree was spawned. 0 when unknown, so
 * every environment is read.
 */
async function treeStartTicks(tree: ProcessTree): Promise<number> {
  selfStart ??= readStat(process.pid).then((s) => s?.start);
  const own = await selfStart;
  if (own === undefined || tree.spawnedAt === undefined) return 0;
  return Math.max(0, own + Math.floor((tree.spawnedAt - START_SLACK_S) * USER_HZ));
}

/** Room for a stat line: its fields are numbers, and comm is at most 64 bytes. */
const STAT_BYTES = 1024;

/**
 * One open, one read, one close on the thread pool: readFile from fs/promises costs several times
 * the main thread's time per file, and a scan reads one per process on the machine.
 */
function readSmall(path: string): Promise<string | undefined> {
  return new Promise((done) =>
    open(path, "r", (err, fd) => {
      if (err) return done(undefined);
      const buf = Buffer.allocUnsafe(STAT_BYTES);
      read(fd, buf, 0, STAT_BYTES, 0, (e, n) => {
        close(fd, () => {});
        done(e ? undefined : buf.toString("utf8", 0, n));
      });
    }),
  );
}

async function readStat(pid: number): Promise<Stat | undefined> {
  const text = await readSmall(`/proc/${pid}/stat`);
  if (text === undefined) return undefined;
  // "pid (comm) state ppid pgrp session tty tpgid flags … starttime(22nd) …"; comm may hold spaces and parentheses.
  const end = text.lastIndexOf(")");
  const rest = text.slice(end + 2).split(" ");
  const comm = text.slice(text.indexOf("(") + 1, end);
  return {
    pid,
    comm,
    state: rest[0] ?? "",
    ppid: Number(rest[1]),
    pgrp: Number(rest[2]),
    start: Number(rest[19]),
  };
}

async function environHas(pid: number, needle: Buffer): Promise<boolean> {
  try {
    const env = await readFile(`/proc/${pid}/environ`);
    // Each entry ends in NUL; prefixing one makes the first entry match like the rest.
    return Buffer.concat([Buffer.from("\0"), env]).includes(needle);
  } catch {
    return false;
  }
}

async function commandOf(pid: number, comm: string): Promise<string> {
  const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
  return commandText(cmdline, comm);
}

/**
 * A process's name for messages from its /proc `cmdline` (NUL-separated argv), shortened; its
 * `name` (/proc comm) where that is empty: a process inside execve() or exiting has none for a moment.
 */
export function commandText(cmdline: string, name: string): string {
  const argv = cmdline.split("\0").filter(Boolean).join(" ");
  return argv ? shorten(argv) : name;
}

/** "pid 123 (sleep 100), pid 124 (bash x.sh)" for messages. */
export function describeKilled(killed: readonly KilledProcess[]): string {
  return killed.map((p) => `pid ${p.pid} (${p.command})`).join(", ");
}

/**
 * One entry per pid, the first seen kept (a tree swept twice lists a process once): a later sweep
 * may see it dying, its command line gone and only its name left.
 */
export function uniqueProcesses(killed: readonly KilledProcess[]): KilledProcess[] {
  const first = new Map<number, KilledProcess>();
  for (const p of killed) if (!first.has(p.pid)) first.set(p.pid, p);
  return [...first.values()];
}
