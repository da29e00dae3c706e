// Which program runs, or only parses, a skill's script, by its extension: one table for the
// reference agent's `run_script` and the audit's parse check, so both agree on what a script is.
// Node scripts use this Node (process.execPath), not whatever `node` is on PATH.
export interface Interpreter {
  /** The name shown in messages: `python3`, `bash`, `node`. */
  name: string;
  /** The command that runs the script (the script's path follows). */
  run: string[];
  /** The command that only parses it (the script's path follows). */
  parse: string[];
}

export function interpreterFor(script: string): Interpreter | undefined {
  if (/\.py$/i.test(script))
    return { name: "python3", run: ["python3"], parse: ["python3", "-m", "py_compile"] };
  if (/\.(sh|bash)$/i.test(script)) return { name: "bash", run: ["bash"], parse: ["bash", "-n"] };
  if (/\.(m|c)?js$/i.test(script))
    return { name: "node", run: [process.execPath], parse: [process.execPath, "--check"] };
  return undefined;
}
