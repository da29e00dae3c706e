// The start-up check: a sandbox counts as working only when a program inside it shows no capability,
// no_new_privs and the unprivileged uid. Stand-ins for bubblewrap (at the edge: an external program)
// play an old one that keeps root's capabilities and one that does not know our options; the real
// one, where it runs, passes.
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorityProblem, probeSandbox } from "../../src/io/sandbox/sandbox-ready.js";
import { SANDBOX_MISSING, SANDBOX_SKIP_REASON } from "../support/containment.js";

let dir: string;
beforeAll(async () => (dir = await mkdtemp(join(tmpdir(), "skillops-fake-bwrap-"))));
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** A PATH whose bwrap is `script` (prlimit is the host's). */
async function pathWithBwrap(name: string, script: string): Promise<string> {
  const bin = join(dir, name);
  await mkdir(bin, { recursive: true });
  await writeFile(join(bin, "bwrap"), `#!/bin/sh\n${script}\n`);
  await chmod(join(bin, "bwrap"), 0o755);
  return `${bin}:/usr/bin:/bin`;
}

const ROOT_STATUS = "Name:\\tnode\\nUid:\\t0\\t0\\t0\\t0\\nCapEff:\\t000001ffffffffff\\nNoNewPrivs:\\t0\\n";

describe("the start-up check of the sandbox", () => {
  it("refuses a bubblewrap whose sandbox keeps capabilities, naming CapEff", async () => {
    const PATH = await pathWithBwrap("keeps-caps", `printf '${ROOT_STATUS}'`);
    const r = await probeSandbox({ PATH, HOME: dir });
    expect(r).toBe(
      "a test sandbox kept capabilities (CapEff 000001ffffffffff), so it is not capability-free (bubblewrap 0.8.0 or later drops them)",
    );
  });

  it("names an option an old bubblewrap does not know", async () => {
    const PATH = await pathWithBwrap("old", "echo 'bwrap: Unknown option --disable-userns' >&2; exit 1");
    const r = await probeSandbox({ PATH, HOME: dir });
    expect(r).toBe(
      "this bubblewrap does not know --disable-userns (bubblewrap 0.8.0 or later is needed for --disable-userns and --size)",
    );
  });

  it("reads CapEff, no_new_privs and the uid from a status", () => {
    const ok = "Uid:\t65534\t65534\t65534\t65534\nCapEff:\t0000000000000000\nNoNewPrivs:\t1\n";
    expect(authorityProblem(ok)).toBeUndefined();
    expect(authorityProblem(ok.replace("NoNewPrivs:\t1", "NoNewPrivs:\t0"))).toBe(
      "a test sandbox ran without no_new_privs",
    );
    expect(authorityProblem(ok.replace(/Uid:.*/, "Uid:\t0\t0\t0\t0"))).toBe(
      "a test sandbox ran as uid 0/0/0/0, not the unprivileged 65534",
    );
    expect(authorityProblem("Name:\tx\n")).toMatch(/^a test sandbox printed no CapEff line/);
  });

  it.skipIf(SANDBOX_MISSING)(
    `the real bubblewrap passes${SANDBOX_MISSING ? ` (skipped: ${SANDBOX_SKIP_REASON})` : ""}`,
    async () => {
      const r = await probeSandbox(process.env);
      expect(typeof r === "string" ? r : "ok").toBe("ok");
    },
  );
});
