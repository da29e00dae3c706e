// Reads a kernel world's Python from beside its world file (examples/kernels/): each case's task
// files from `<category>/<id>/` and its candidate solutions from `<category>/<id>/answers/<kind>.py`,
// inlined into the world so the simulated endpoint and the runner need no filesystem.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Case } from "../../../records/case.js";
import { SOLUTION_KINDS, type KernelSolutions } from "../../../sim/kernel-world.js";
import { WorldError, type World, type WorldCase } from "../../../sim/world.js";

async function readOrFail(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch {
    throw new WorldError(`kernel world: ${what} is missing (expected ${path})`);
  }
}

async function inlineFiles(dir: string, c: Case): Promise<Case> {
  const folder = join(dir, c.category, c.id);
  const files = await Promise.all(
    c.task.files.map(async (f) =>
      f.content !== undefined
        ? f
        : { ...f, content: await readOrFail(join(folder, f.path), `${f.path} of case ${c.id}`) },
    ),
  );
  return { ...c, task: { ...c.task, files } };
}

async function readSolutions(dir: string, c: Case): Promise<KernelSolutions> {
  const entries = await Promise.all(
    SOLUTION_KINDS.map(
      async (kind) =>
        [
          kind,
          await readOrFail(
            join(dir, c.category, c.id, "answers", `${kind}.py`),
            `the ${kind} solution of case ${c.id}`,
          ),
        ] as const,
    ),
  );
  return Object.fromEntries(entries) as KernelSolutions;
}

/** The world with every kernel case's files and solutions inlined; a world without `kernel` is returned as is. */
export async function resolveKernelWorld(world: World, dir: string): Promise<World> {
  const kernel = world.kernel;
  if (!kernel) return world;
  const solutions = { ...kernel.solutions };
  const inline = async (list: WorldCase[]): Promise<WorldCase[]> =>
    Promise.all(
      list.map(async (wc) => {
        solutions[wc.case.id] ??= await readSolutions(dir, wc.case);
        return { ...wc, case: await inlineFiles(dir, wc.case) };
      }),
    );
  const [evolution, heldOut, pool] = [
    await inline(world.evolution),
    await inline(world.heldOut),
    await inline(world.pool),
  ];
  return { ...world, evolution, heldOut, pool, kernel: { ...kernel, solutions } };
}
