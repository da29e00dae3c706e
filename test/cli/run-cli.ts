// Drive the CLI in-process with captured output.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { main } from "../../src/apps/cli/main.js";

export async function runCli(
  argv: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    cwd,
    isTTY: false,
    env,
  });
  return { code, stdout, stderr };
}

/** `skillops evolve --world` on a world file's text (written as `world.yml` in `cwd`), two iterations, --json. */
export async function evolveWorldJson(worldText: string, cwd: string, out = "o") {
  await writeFile(join(cwd, "world.yml"), worldText);
  return runCli(["evolve", "--world", "world.yml", "--out", out, "--json", "--max-iterations", "2"], cwd);
}
