// The sandbox's /tmp (which holds HOME) and /dev/shm are RAM folders: without a cap a program could
// fill half the machine's memory past its own memory limit (issue 41 wrote 1 GB past 512 MB). Each
// is capped at evaluate.limits.tmpMb, so a write past it fails inside while one under it succeeds.
import { describe, expect, it } from "vitest";
import { spawnCapped } from "../../src/io/runners/spawn-capped.js";
import { SANDBOX, SANDBOX_MISSING, SANDBOX_SKIP_REASON } from "../support/containment.js";

const capped = { ...SANDBOX, limits: { ...SANDBOX.limits, tmpMb: 4 } };

/** Writes `mb` MiB of zeros to `file` inside the sandbox; prints "wrote" when dd succeeded. */
const write = (file: string, mb: number) =>
  spawnCapped(["sh", "-c", `dd if=/dev/zero of=${file} bs=1M count=${mb} 2>&1 && echo wrote`], {
    timeoutMs: 20_000,
    maxOutputBytes: 10_000,
    contain: capped,
  });

const title = `the sandbox's private folders are size-capped${SANDBOX_MISSING ? ` (skipped: ${SANDBOX_SKIP_REASON})` : ""}`;
describe.skipIf(SANDBOX_MISSING)(title, () => {
  it.each(["/tmp/fill", "/tmp/.home/fill", "/dev/shm/fill"])(
    "%s: 2 MiB fits under a 4 MiB cap",
    async (file) => {
      const r = await write(file, 2);
      expect(r.stdout, r.stderrTail).toContain("wrote");
    },
  );

  it.each(["/tmp/fill", "/tmp/.home/fill", "/dev/shm/fill"])(
    "%s: 8 MiB past a 4 MiB cap fails",
    async (file) => {
      const r = await write(file, 8);
      expect(r.stdout).not.toContain("wrote");
      expect(r.stdout).toMatch(/No space left on device/);
    },
  );
});
