// Drive the CLI in-process with captured output.
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
