// `npm run figures:docs`: rewrites the generated blocks of the docs (scripts/generated-blocks.ts).
// Today that is docs/scale.md's projection (bench/scale-projection.ts, instant) and docs/demo.md's
// figures, from one full run of the demo (about half a minute).
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runDemo } from "../demo/run-demo.js";
import { DEMO_FIGURES, renderDemoFigures } from "./demo-figures.js";
import { writeBlock } from "./generated-blocks.js";
import { DEFAULT_ASSUMPTIONS, renderProjection, SCALE_PROJECTION } from "../bench/scale-projection.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

async function rewrite(block: { page: string; name: string }, content: string): Promise<void> {
  const path = join(ROOT, block.page);
  await writeFile(path, writeBlock(await readFile(path, "utf8"), block.name, block.page, content));
  process.stdout.write(`wrote ${block.page} (${block.name})\n`);
}

await rewrite(SCALE_PROJECTION, renderProjection(DEFAULT_ASSUMPTIONS));
const out = await mkdtemp(join(tmpdir(), "skillops-figures-"));
try {
  const io = { stdout: () => {}, stderr: () => {}, cwd: ROOT, isTTY: false, env: {} };
  const result = await runDemo({ io, root: ROOT, out, quiet: true, fast: false });
  if (!result.ok) throw new Error(`the demo failed, so its figures were not written: ${result.error}`);
  await rewrite(DEMO_FIGURES, renderDemoFigures(result));
} finally {
  await rm(out, { recursive: true, force: true });
}
