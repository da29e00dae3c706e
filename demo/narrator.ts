// What the demo prints: numbered steps, indented facts, and a check per step. A failed check stops
// the demo with exit 1, so `npm run demo` is also an end-to-end test a newcomer can read.
import type { CliIo } from "../src/apps/cli/context.js";
import { colours } from "../src/apps/cli/context.js";

export class DemoCheckFailed extends Error {}

export interface StepRecord {
  step: number;
  title: string;
  lines: string[];
  ms: number;
}

export interface Narrator {
  step(title: string): void;
  say(line: string): void;
  /** Fails the demo with `message` unless `ok`. */
  check(ok: boolean, message: string): void;
  steps: StepRecord[];
}

export function createNarrator(io: CliIo, quiet: boolean, clock: () => number): Narrator {
  const c = colours(io);
  const steps: StepRecord[] = [];
  let started = clock();
  const close = () => {
    const last = steps.at(-1);
    if (last) last.ms = clock() - started;
  };
  return {
    steps,
    step(title) {
      close();
      started = clock();
      steps.push({ step: steps.length + 1, title, lines: [], ms: 0 });
      if (!quiet) io.stdout(`\n${c.bold(`${steps.length}  ${title}`)}\n`);
    },
    say(line) {
      steps.at(-1)?.lines.push(line);
      if (!quiet) io.stdout(`   ${line}\n`);
    },
    check(ok, message) {
      if (!ok)
        throw new DemoCheckFailed(`step ${steps.length} (${steps.at(-1)?.title ?? "setup"}): ${message}`);
      close();
    },
  };
}
