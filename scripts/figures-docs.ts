// `npm run figures:docs`: rewrites the generated blocks of the docs (scripts/generated-blocks.ts).
// Today that is docs/demo.md's figures, from one full run of the demo (about half a minute).
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runDemo } from "../demo/run-demo.js";
import { DEMO_FIGURES, renderDemoFigures } from "./demo-figures.js";
import { writeBlock } from "./generated-blocks.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

const out = await mkdtemp(join(tmpdir(), "skillops-figures-"));
try {
  const io = { stdout: () => {}, stderr: () => {}, cwd: ROOT, isTTY: false, env: {} };
  const result = await runDemo({ io, root: ROOT, out, quiet: true, fast: false });
  if (!result.ok) throw new Error(`the demo failed, so its figures were not written: ${result.error}`);
  const path = join(ROOT, DEMO_FIGURES.page);
  const page = await readFile(path, "utf8");
  await writeFile(path, writeBlock(page, DEMO_FIGURES.name, DEMO_FIGURES.page, renderDemoFigures(result)));
  process.stdout.write(`wrote ${DEMO_FIGURES.page} (${DEMO_FIGURES.name})\n`);
} finally {
  await rm(out, { recursive: true, force: true });
}
