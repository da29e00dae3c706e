// `npm run gen:config`: writes schema/skillops.schema.json and docs/config.md from the zod config
// schema. test/config/config-schema.test.ts fails when either committed file is stale.
import { writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderConfigFiles } from "./config-files.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

for (const file of await renderConfigFiles()) {
  await writeFile(join(ROOT, file.path), file.content);
  process.stdout.write(`wrote ${file.path}\n`);
}
