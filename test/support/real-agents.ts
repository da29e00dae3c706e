// The real agent programs the suite pins as devDependencies (@anthropic-ai/claude-code,
// @openai/codex), by their real paths inside node_modules, and the bank and case the end-to-end
// tests give them: one skill with one script, one case whose rubric wants {"answer": "ok"}.
import { existsSync } from "node:fs";
import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { REPO_ROOT } from "./repo-root.js";

const PROGRAMS = {
  "claude-code": "node_modules/@anthropic-ai/claude-code/bin/claude.exe",
  codex: `node_modules/@openai/codex-${process.platform}-${process.arch}/vendor/${process.arch === "x64" ? "x86_64" : "aarch64"}-unknown-linux-musl/bin/codex`,
} as const;

/**
 * The program's real path, or undefined where its platform package is not installed (its tests then
 * skip). Under CI a missing program fails instead, as a missing bubblewrap does: npm ci installs it,
 * so its absence is a broken install, never a reason to run only the stand-ins.
 */
export function realAgent(preset: keyof typeof PROGRAMS): string | undefined {
  const path = join(REPO_ROOT, PROGRAMS[preset]);
  if (existsSync(path)) return path;
  if (process.env.CI) throw new Error(`the pinned ${preset} program is not installed at ${path}: run npm ci`);
  return undefined;
}

export async function writeAgentBank(root: string, noSandbox: boolean): Promise<void> {
  await mkdir(join(root, "bank/helper/scripts"), { recursive: true });
  await writeFile(
    join(root, "bank/helper/SKILL.md"),
    '---\nname: helper\ndescription: Checks a refund before answering.\n---\nRun scripts/check.sh, then answer {"answer": "ok"}.\n',
  );
  await writeFile(join(root, "bank/helper/scripts/check.sh"), "echo checked\n");
  await chmod(join(root, "bank/helper/scripts/check.sh"), 0o755);
  await mkdir(join(root, "cases/general"), { recursive: true });
  await writeFile(
    join(root, "cases/general/c1.yml"),
    `id: c1\ncategory: general\ndiagnosis: d\ntask:\n  prompt: "Check the refund with the helper skill."\n  rubric:\n    - type: equals\n      path: $.answer\n      value: ok\nprovenance:\n  channel: manual\n  created: "2026-11-30T00:00:00Z"\n`,
  );
  await mkdir(join(root, ".github"));
  await writeFile(
    join(root, ".github/skillops.yml"),
    noSandbox ? "evaluate:\n  sandbox: none\n" : "evaluate: {}\n",
  );
}
