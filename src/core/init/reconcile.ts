// Decides, per scaffold file, what a (re-)run of `skillops init` does with it, from what is on
// disk now and what the manifest says init wrote before. Pure: hashes in, decisions out.
import { sha256Hex } from "../../vocabulary/sha256.js";
import type { InitManifest } from "./init-manifest.js";
import type { ScaffoldFile } from "./scaffold.js";

export type SkipReason = "deleted" | "changed" | "not-written-by-init";

export type InitDecision =
  | { path: string; action: "create" | "overwrite" | "unchanged"; content: string }
  | { path: string; action: "skip"; reason: SkipReason };

export const SKIP_REASON_TEXT: Record<SkipReason, string> = {
  deleted: "deleted since init wrote it; --force restores it",
  changed: "changed since init wrote it; --force overwrites it",
  "not-written-by-init": "exists and init did not write it; --force overwrites it",
};

export const contentHash = (content: string): string => `sha256:${sha256Hex(content)}`;

export interface ReconcileInput {
  files: readonly ScaffoldFile[];
  /** Hash of each scaffold path's current content; absent = no such file. */
  current: ReadonlyMap<string, string>;
  manifest: InitManifest | undefined;
  force: boolean;
}

function decide(file: ScaffoldFile, input: ReconcileInput): InitDecision {
  const { path, content } = file;
  const now = input.current.get(path);
  const recorded = input.manifest?.files[path];
  if (now === undefined) {
    if (recorded !== undefined && !input.force) return { path, action: "skip", reason: "deleted" };
    return { path, action: "create", content };
  }
  if (now === contentHash(content)) return { path, action: "unchanged", content };
  if (input.force || now === recorded) return { path, action: "overwrite", content };
  return { path, action: "skip", reason: recorded === undefined ? "not-written-by-init" : "changed" };
}

/** One decision per file, in order, and the manifest entries to record afterwards. */
export function reconcileScaffold(input: ReconcileInput): {
  decisions: InitDecision[];
  manifestFiles: Record<string, string>;
} {
  const decisions = input.files.map((f) => decide(f, input));
  const manifestFiles: Record<string, string> = {};
  for (const d of decisions) {
    // A file the user deleted or changed keeps its old entry, so the next run still knows.
    const hash = d.action === "skip" ? input.manifest?.files[d.path] : contentHash(d.content);
    if (hash !== undefined) manifestFiles[d.path] = hash;
  }
  return { decisions, manifestFiles };
}
