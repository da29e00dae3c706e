// `--traces-out FILE.jsonl` for eval and evolve: every execution's conversation as one trace record per line
// (docs/trajectory-channel.md), in case order then run order, written whole at the end. In Actions
// the workflow uploads the file as an artifact; `skillops ingest --traces FILE` reads it back.
import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { Execution } from "../../../core/evaluate/execute-run.js";
import { traceRecordOf, type TraceRecord } from "../../../core/evaluate/trace-record.js";
import type { Runner } from "../../../core/evaluate/runner.js";
import type { CliIo } from "../context.js";

export interface TraceSink {
  onExecution: (e: Execution) => void;
  /** The runner, recording each execution it runs (outcome unknown: scoring happens after). */
  wrap: (runner: Runner) => Runner;
  /** Writes the file (temp + rename) and says on stderr how many traces it holds. */
  finish: (io: CliIo) => Promise<void>;
}

/** Without a file (no --traces-out) the sink keeps nothing and writes nothing. */
export function createTraceSink(file: string | undefined, skills: readonly { name: string }[]): TraceSink {
  const records: TraceRecord[] = [];
  const skillsAvailable = skills.map((s) => s.name);
  return {
    onExecution: (e) => {
      if (file !== undefined) records.push(traceRecordOf(e, { skillsAvailable }));
    },
    wrap: (runner) =>
      file === undefined
        ? runner
        : {
            ...runner,
            run: async (input) => {
              const result = await runner.run(input);
              records.push(
                traceRecordOf({ case: input.case, runIndex: input.runIndex, result }, { skillsAvailable }),
              );
              return result;
            },
          },
    async finish(io) {
      if (file === undefined) return;
      // Executions finish in any order under concurrency; the file's order is fixed.
      const sorted = [...records].sort((a, b) =>
        a.case === b.case ? a.run - b.run : a.case < b.case ? -1 : 1,
      );
      const path = resolve(io.cwd, file);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.tmp-${process.pid}`;
      await writeFile(temp, sorted.map((r) => JSON.stringify(r)).join("\n") + (sorted.length ? "\n" : ""));
      await rename(temp, path);
      io.stderr(`wrote ${sorted.length} trace(s) to ${file}\n`);
    },
  };
}
