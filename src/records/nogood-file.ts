// The bytes of a nogood in git (docs/nogoods.md, "In git"): `.skillops/nogoods/<id>.json`, pretty
// JSON with a trailing newline. Shared by the CLI's store and the app's commits, so a nogood written
// by either has the same name and the same bytes, and one already present is recognised by name.
import type { Nogood } from "./nogood.js";

/** The folder at the repository root (beside the bank, not in it: it never changes a candidate's hash). */
export const NOGOODS_DIR = ".skillops/nogoods";

export const nogoodFileName = (n: Pick<Nogood, "id">): string => `${n.id}.json`;

export const serialiseNogood = (n: Nogood): string => `${JSON.stringify(n, null, 2)}\n`;
