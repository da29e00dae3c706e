// The repository's root folder, for tests that run the CLI or read the example bank and pool.
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
