// `skillops init` with no flags vendors the Action into .github/actions/skillops/, pinned by content
// hash; `--check` verifies the copy, `--upgrade` replaces it and says what changed; and a re-run's
// last line names every workflow left at another Action (a new --action-ref on an existing scaffold).
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { planVendoredAction, vendoredHash } from "../../src/core/init/vendored-action.js";
import { runCli } from "./run-cli.js";
import { REPO_ROOT } from "../support/repo-root.js";

const DIR = ".github/actions/skillops";

function gitRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), "skillops-init-vendor-"));
  execFileSync("git", ["init", "-q", dir]);
  return dir;
}

const init = (dir: string, args: string[] = []) => runCli(["init", ...args], dir);
const manifestOf = (dir: string) =>
  JSON.parse(readFileSync(join(dir, DIR, "skillops-action.json"), "utf8")) as {
    version: string;
    hash: string;
    files: Record<string, string>;
  };

describe("skillops init with no flags", () => {
  it("vendors the Action with its bundle, runs it from the workflows, and records its hash", async () => {
    const dir = gitRepo();
    const r = await init(dir);
    expect(r.code, r.stderr).toBe(0);
    const m = manifestOf(dir);
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
    expect(m.version).toBe(pkg.version);
    expect(Object.keys(m.files).sort()).toEqual([
      "action.yml",
      "dist/agents-sdk-agent.mjs",
      "dist/agents-sdk-agent.py",
      "dist/harness.py",
      "dist/index.js",
      "dist/proxy-bridge.mjs",
      "package.json",
      "skillops.schema.json",
    ]);
    expect(m.hash).toBe(vendoredHash(m.files));
    expect(readFileSync(join(dir, DIR, "dist/index.js"))).toEqual(
      readFileSync(join(REPO_ROOT, "action/dist/index.js")),
    );
    const action = parse(readFileSync(join(dir, DIR, "action.yml"), "utf8")) as { runs: { main: string } };
    expect(action.runs.main).toBe("dist/index.js");
    // The bundle is an ES module in a repository that may have no package.json of its own.
    expect(JSON.parse(readFileSync(join(dir, DIR, "package.json"), "utf8"))).toMatchObject({
      name: "skillops",
      type: "module",
      version: pkg.version,
    });
    for (const wf of ["evolve.yml", "skillops-validate.yml"]) {
      const text = readFileSync(join(dir, ".github/workflows", wf), "utf8");
      expect(text).toContain("uses: ./.github/actions/skillops\n");
      expect(text).not.toMatch(/uses: [\w-]+\/skillops@/);
    }
    expect(readFileSync(join(dir, ".github/skillops.yml"), "utf8").split("\n")[0]).toBe(
      "# yaml-language-server: $schema=./actions/skillops/skillops.schema.json",
    );
    expect(existsSync(join(dir, ".github", "actions/skillops/skillops.schema.json"))).toBe(true);
    expect(r.stdout).toContain(`created     ${DIR}/ (skillops ${pkg.version}, ${m.hash.slice(7, 15)})`);
    expect(r.stdout).toContain(
      `the workflows run the skillops Action vendored in ./${DIR} (skillops ${pkg.version}, ${m.hash.slice(7, 15)}).`,
    );
    expect(JSON.parse(readFileSync(join(dir, ".github/skillops-init.json"), "utf8")).action).toBe("vendored");
  });

  it("--check passes on the copy as written and names each file that differs, exit 1", async () => {
    const dir = gitRepo();
    await init(dir);
    const ok = await init(dir, ["--check"]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^ok: \.github\/actions\/skillops\/ is skillops /);
    appendFileSync(join(dir, DIR, "dist/harness.py"), "# edited\n");
    writeFileSync(join(dir, DIR, "dist/extra.js"), "");
    const bad = await init(dir, ["--check"]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(
      /^error: \.github\/actions\/skillops\/dist\/harness\.py: changed \([0-9a-f]{8} recorded, [0-9a-f]{8} now\)$/m,
    );
    expect(bad.stdout).toContain(
      "error: .github/actions/skillops/dist/extra.js: not part of the vendored Action",
    );
    // A plain re-run leaves an edited copy alone and says so; the last line does not vouch for it.
    const rerun = await init(dir);
    expect(rerun.stdout).toMatch(/^skipped {5}\.github\/actions\/skillops\/ \(changed since init wrote it/m);
    expect(rerun.stdout).toContain(
      "the workflows run the Action in ./.github/actions/skillops, which init did not verify.",
    );
  });

  it("--check without a vendored copy says there is none, exit 1; --check with other flags is a usage error", async () => {
    const dir = gitRepo();
    const none = await init(dir, ["--check"]);
    expect(none.code).toBe(1);
    expect(none.stdout).toContain(
      `${DIR}/skillops-action.json: not found, so there is no vendored Action to check`,
    );
    const mixed = await init(dir, ["--check", "--upgrade"]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain("--check only verifies the vendored Action");
  });

  it("--upgrade replaces an older copy and says what changed, old hash → new hash", async () => {
    const dir = gitRepo();
    await init(dir);
    const now = manifestOf(dir);
    // An older copy, as an earlier skillops would have written it.
    const older = planVendoredAction({
      actionYml: readFileSync(join(REPO_ROOT, "action.yml"), "utf8"),
      dist: [{ path: "index.js", bytes: new TextEncoder().encode("// 0.0.9\n") }],
      schema: new TextEncoder().encode("{}"),
      version: "0.0.9",
    });
    execFileSync("rm", ["-rf", join(dir, DIR)]);
    for (const f of older.files) {
      execFileSync("mkdir", ["-p", join(dir, DIR, f.path, "..")]);
      writeFileSync(join(dir, DIR, f.path), f.bytes);
    }
    writeFileSync(join(dir, DIR, "skillops-action.json"), JSON.stringify(older.manifest));
    const kept = await init(dir);
    expect(kept.stdout).toMatch(
      new RegExp(
        `^kept {8}\\.github/actions/skillops/ \\(this skillops ships ${now.version} \\(${now.hash.slice(7, 15)}\\); --upgrade replaces it\\)$`,
        "m",
      ),
    );
    expect(manifestOf(dir).version).toBe("0.0.9");
    const up = await init(dir, ["--upgrade"]);
    expect(up.code, up.stderr).toBe(0);
    expect(up.stdout).toContain(
      `upgraded    ${DIR}/: skillops 0.0.9 (${older.manifest.hash.slice(7, 15)}) → ${now.version} (${now.hash.slice(7, 15)})`,
    );
    expect(manifestOf(dir)).toEqual(now);
    expect((await init(dir, ["--check"])).code).toBe(0);
  });
});

describe("a new --action-ref on an existing scaffold", () => {
  it("updates every workflow, and the last line says so", async () => {
    const dir = gitRepo();
    await init(dir, ["--action-ref", "acme/skillops@v1", "--app", "actions"]);
    const r = await init(dir, ["--action-ref", "acme/skillops@v2"]);
    expect(r.code).toBe(0);
    for (const wf of ["evolve.yml", "skillops-validate.yml", "skillops-app.yml"])
      expect(readFileSync(join(dir, ".github/workflows", wf), "utf8")).not.toContain("acme/skillops@v1");
    expect(r.stdout).toMatch(/the workflows run the skillops Action acme\/skillops@v2\.\n/);
  });

  it("names a workflow it left at the old pin (changed since init wrote it) instead of claiming all moved", async () => {
    const dir = gitRepo();
    await init(dir, ["--action-ref", "acme/fork@v1"]);
    appendFileSync(join(dir, ".github/workflows/skillops-validate.yml"), "# our own note\n");
    const r = await init(dir, ["--action-ref", "acme/fork@v2", "--json"]);
    expect(JSON.parse(r.stdout).stalePins).toEqual([
      { path: ".github/workflows/skillops-validate.yml", uses: ["acme/fork@v1"], reason: "changed" },
    ]);
    const text = await init(dir, ["--action-ref", "acme/fork@v2"]);
    expect(text.stdout).toContain(
      "the workflows run the skillops Action acme/fork@v2, except: .github/workflows/skillops-validate.yml still runs acme/fork@v1 (changed since init wrote it; --force overwrites it).",
    );
    const forced = await init(dir, ["--action-ref", "acme/fork@v2", "--force"]);
    expect(forced.stdout).toMatch(/the workflows run the skillops Action acme\/fork@v2\.\n/);
  });

  it("a re-run without flags keeps the pin an earlier init recorded; --vendor moves it to a vendored copy", async () => {
    const dir = gitRepo();
    await init(dir, ["--action-ref", "acme/skillops@v1"]);
    const again = await init(dir);
    expect(again.stdout).toMatch(/the workflows run the skillops Action acme\/skillops@v1\.\n/);
    expect(existsSync(join(dir, DIR))).toBe(false);
    const vendored = await init(dir, ["--vendor"]);
    expect(vendored.stdout).toMatch(
      /the workflows run the skillops Action vendored in \.\/\.github\/actions\/skillops /,
    );
    expect(readFileSync(join(dir, ".github/workflows/evolve.yml"), "utf8")).not.toContain("acme/skillops@v1");
  });
});
