// How the app recognises a commit it made, from the commit alone (docs/github-app.md,
// "Conventions"): its message ends with a `Skillops-Seal:` trailer, a hash over the tree, the
// parents and the message above it. Author fields cannot tell: `git commit --amend` keeps the
// author, and a rebase keeps both names. Any amend, rebase or extra commit changes the tree, the
// parents or the head itself, so the branch head is the app's own exactly when its seal holds.
// The seal is no signature: it guards against overwriting a person's work, not against forgery.
import { sha256Hex } from "../../vocabulary/sha256.js";

export const SEAL_TRAILER = "Skillops-Seal";
const SEALED = new RegExp(`\\n\\n${SEAL_TRAILER}: ([0-9a-f]{40})\\n*$`);

/** The parts of a commit the seal covers. */
export interface SealedParts {
  tree: string;
  parents: readonly string[];
  message: string;
}

function sealOf(tree: string, parents: readonly string[], body: string): string {
  const header = [`skillops-seal v1`, `tree ${tree}`, ...parents.map((p) => `parent ${p}`)].join("\n");
  return sha256Hex(`${header}\n\n${body}`).slice(0, 40);
}

/** `message` with the seal trailer for a commit of `tree` on `parents` (a trailing newline added). */
export function sealMessage(message: string, tree: string, parents: readonly string[]): string {
  const body = message.trimEnd();
  return `${body}\n\n${SEAL_TRAILER}: ${sealOf(tree, parents, body)}\n`;
}

/** Whether the commit carries a seal that matches its own tree, parents and message. */
export function isSealed(commit: SealedParts): boolean {
  const m = SEALED.exec(commit.message);
  if (!m) return false;
  const body = commit.message.slice(0, m.index);
  return sealOf(commit.tree, commit.parents, body) === m[1];
}
