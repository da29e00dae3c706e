// `.github/skillops-init.json`: what `skillops init` wrote, path → content hash. A later `init`
// reads it to tell a file the user deleted (listed, absent) or edited (listed, hash differs) from
// one init may update (listed, unchanged) or never wrote (not listed), and which Action the
// workflows were written for (`vendored`, or the `OWNER/REPO@REF` of --action-ref), which a re-run
// without flags keeps.
import { z } from "zod";

export const INIT_MANIFEST_PATH = ".github/skillops-init.json";

const Hash = z.string().regex(/^sha256:[0-9a-f]{64}$/);

export const InitManifest = z.strictObject({
  about: z.string().optional(),
  /** `vendored`, or the pinned `OWNER/REPO@REF`; absent in a manifest from before vendoring (pinned). */
  action: z.string().optional(),
  files: z.record(z.string(), Hash),
});
export type InitManifest = z.infer<typeof InitManifest>;

export function renderInitManifest(files: Record<string, string>, action: string): string {
  const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const manifest: InitManifest = {
    about:
      "Written by skillops init: the files it wrote and their hashes, so a re-run never restores a file you deleted or overwrites one you changed. Commit it.",
    action,
    files: sorted,
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The manifest, or a sentence saying why the text is not one. */
export function parseInitManifest(text: string): InitManifest | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { error: `${INIT_MANIFEST_PATH} is not JSON (${(e as Error).message}); fix it or delete it` };
  }
  const parsed = InitManifest.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join(".") : "the top level";
  return {
    error: `${INIT_MANIFEST_PATH} is not a manifest skillops init wrote: at ${where}, ${issue?.message ?? "invalid"}; fix it or delete it`,
  };
}
