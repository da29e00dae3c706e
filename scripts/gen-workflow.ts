// `npm run gen:workflow`: writes this repository's own .github/workflows/evolve.yml from the
// scaffolded workflow's parts (own-evolve-workflow.ts). test/workflows/workflows.test.ts fails
// when the committed file is stale.
import { writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { OWN_EVOLVE_WORKFLOW, renderOwnEvolveWorkflow } from "./own-evolve-workflow.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

await writeFile(join(ROOT, OWN_EVOLVE_WORKFLOW), renderOwnEvolveWorkflow());
process.stdout.write(`wrote ${OWN_EVOLVE_WORKFLOW}\n`);
