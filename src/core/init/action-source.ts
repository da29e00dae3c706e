// Where the scaffolded workflows take the skillops Action from: the copy `init` vendors into the
// repository (`uses: ./.github/actions/skillops`, the default, which needs no release anywhere), or
// a release pinned with `--action-ref OWNER/REPO@REF`. The docs and the config schema the scaffold
// points at follow the same choice.
import { configSchemaUrl } from "../config/json-schema.js";
import { docsUrlAt, formatActionRef, type ActionRef } from "./action-ref.js";
import { VENDORED_ACTION_DIR, VENDORED_SCHEMA } from "./vendored-action.js";

export type ActionSource = { kind: "vendored" } | { kind: "pinned"; ref: ActionRef };

export const VENDORED: ActionSource = { kind: "vendored" };

/** A workflow's `uses:` for the Action (a local action path starts with ./ and needs a checkout first). */
export const VENDORED_USES = `./${VENDORED_ACTION_DIR}`;

export const actionUses = (s: ActionSource): string =>
  s.kind === "vendored" ? VENDORED_USES : formatActionRef(s.ref);

/**
 * How a workflow's comments and the init manifest name it: `OWNER/REPO@REF`, or the vendored folder
 * (its version is in its own package.json, so an upgrade changes no workflow).
 */
export const describeAction = (s: ActionSource): string =>
  s.kind === "vendored" ? `vendored in ${VENDORED_USES}` : formatActionRef(s.ref);

/** The init manifest's `action`: "vendored" or `OWNER/REPO@REF`. */
export const recordedAction = (s: ActionSource): string =>
  s.kind === "vendored" ? "vendored" : formatActionRef(s.ref);

/**
 * One of skillops's docs pages: at the pinned ref on GitHub, or, for a vendored copy, the page in the
 * skillops package (its docs/ ship with it; there is no release to link to).
 */
export const docsPointer = (s: ActionSource, page: string): string =>
  s.kind === "vendored" ? `docs/${page} in the skillops package` : docsUrlAt(s.ref, page);

/** Where the config's `$schema` points: the vendored copy's schema (relative to .github/), or the ref's. */
export const schemaPointer = (s: ActionSource): string =>
  s.kind === "vendored"
    ? `./${VENDORED_ACTION_DIR.replace(/^\.github\//, "")}/${VENDORED_SCHEMA}`
    : configSchemaUrl(s.ref.repo, s.ref.ref);

/** Where a reader finds what each input does: action.yml in the repository or folder the Action is from. */
export const actionYmlWhere = (s: ActionSource): string =>
  s.kind === "vendored" ? `${VENDORED_ACTION_DIR}/action.yml` : `action.yml in ${s.ref.repo}`;
