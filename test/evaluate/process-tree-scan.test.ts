// The /proc scan (process-tree.ts) is what ends an unsandboxed tree where no cgroup can be made
// (tree-cgroup.ts). On a machine where cgroups can be made, spawnCapped never reaches it, so this
// calls it directly on a real tree: the leader's group, a setsid() escapee that kept the tree's tag,
// and a grandchild with a scrubbed environment under a setsid() parent (found only as a descendant).
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { killTree, newTreeTag, TREE_TAG_VAR } from "../../src/io/runners/process-tree.js";

const TREE = String.raw`
bash -c 'echo $$ > "$PIDDIR/member"; exec sleep 300' </dev/null >/dev/null 2>&1 &
setsid bash -c 'echo $$ > "$PIDDIR/escapee"; exec sleep 300' </dev/null >/dev/null 2>&1 &
setsid bash -c '(exec env -i sleep 300) & echo $! > "$PIDDIR/scrubbed"; wait' </dev/null >/dev/null 2>&1 &
exec sleep 300
`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function pidIn(file: string): Promise<number> {
  for (let i = 0; i < 600; i++) {
    const text = await readFile(file, "utf8").catch(() => "");
    if (/^\d+\s*$/.test(text)) return Number(text);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${file} never named a pid`);
}

async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 25));
  return !alive(pid);
}

describe.skipIf(process.platform !== "linux")("the /proc scan, where no cgroup holds the tree", () => {
  const dirs: string[] = [];
  const started: number[] = [];
  afterAll(async () => {
    // Whatever a failed run left alive.
    for (const pid of started) if (alive(pid)) process.kill(pid, "SIGKILL");
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it("kills the group, the tagged escapee and the scrubbed descendant, and names each", async () => {
    const piddir = await mkdtemp(join(tmpdir(), "skillops-scan-"));
    dirs.push(piddir);
    const tag = newTreeTag();
    const spawnedAt = process.uptime();
    const leader = spawn("bash", ["-c", TREE], {
      detached: true,
      stdio: "ignore",
      env: { ...process.env, PIDDIR: piddir, [TREE_TAG_VAR]: tag },
    });
    const pids = {
      member: await pidIn(join(piddir, "member")),
      escapee: await pidIn(join(piddir, "escapee")),
      scrubbed: await pidIn(join(piddir, "scrubbed")),
    };
    started.push(leader.pid!, ...Object.values(pids));
    // The scrubbed grandchild's environment really lacks the tag: only descent can find it.
    for (let i = 0; i < 100; i++) {
      const env = await readFile(`/proc/${pids.scrubbed}/environ`, "utf8").catch(() => "");
      if (!env.includes("PIDDIR")) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(await readFile(`/proc/${pids.scrubbed}/environ`, "utf8")).not.toContain(TREE_TAG_VAR);

    const killed = await killTree({ pgid: leader.pid!, tag, spawnedAt });

    const killedPids = killed.map((k) => k.pid);
    for (const pid of [leader.pid!, pids.member, pids.escapee, pids.scrubbed]) {
      expect(killedPids).toContain(pid);
      expect(await gone(pid)).toBe(true);
    }
    for (const k of killed) expect(k.command).not.toBe("");
    expect(killed.find((k) => k.pid === pids.escapee)?.command).toMatch(/sleep|bash/);
  });
});
