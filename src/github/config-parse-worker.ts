// Parsing a `.github/skillops.yml` someone proposed, off the app's thread and under a deadline. The
// YAML parser's time grows faster than the file (a 180 KB file of 16,000 keys took seconds), and the
// app serves every webhook from one thread, so the text is parsed in a worker thread that is
// terminated when the budget runs out: the caller reports that as a failed check, never a hang.
// The schema check (zod) stays on this thread: it is linear and the parsed object is plain data.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { parse } from "yaml";

export type ParsedText = { ok: true; raw: unknown } | { ok: false; error: string; timedOut: boolean };

// CommonJS, evaluated as the worker's script: it needs no file of ours next to the running one.
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { parse } = require(workerData.yaml);
try { parentPort.postMessage({ ok: true, raw: parse(workerData.text) }); }
catch (e) { parentPort.postMessage({ ok: false, error: String((e && e.message) || e), timedOut: false }); }
`;

/** Where the worker loads the parser from; undefined in a bundle that carries no node_modules. */
function yamlEntry(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve("yaml");
  } catch {
    return undefined;
  }
}

/** Parses `text` in a worker, giving up after `budgetMs`. */
export function parseYamlOffThread(text: string, budgetMs: number): Promise<ParsedText> {
  const yaml = yamlEntry();
  if (!yaml) return Promise.resolve(parseHere(text)); // the Action's bundle: one event per process
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { text, yaml } });
    const timer = setTimeout(() => {
      resolve({ ok: false, error: `parsing took longer than ${budgetMs} ms`, timedOut: true });
      void worker.terminate();
    }, budgetMs);
    const settle = (result: ParsedText) => {
      clearTimeout(timer);
      resolve(result);
      void worker.terminate();
    };
    worker.once("message", (m: ParsedText) => settle(m));
    worker.once("error", (e) => settle({ ok: false, error: e.message, timedOut: false }));
  });
}

function parseHere(text: string): ParsedText {
  try {
    return { ok: true, raw: parse(text) };
  } catch (error) {
    return { ok: false, error: (error as Error).message, timedOut: false };
  }
}
