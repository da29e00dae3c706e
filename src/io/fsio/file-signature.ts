// A case file's stat signature for the pool index cache: size, mtime, ctime and inode. An unchanged
// signature lets a cached entry stand without reading or hashing the file (one lstat instead of an
// open, a read and a sha256: what makes a 1,000,000-case pool load in seconds).
//
// Why ctime and the inode too: an edit that keeps the size and puts the mtime back (`touch -d`,
// `utimes`, a tool that preserves times) still moves the ctime, which no user call can set; a file
// replaced by a rename (git checkout, our own writeCase) gets a new inode.
//
// The limit, as in git's "racily clean" entries: timestamps are coarse (a clock tick), so a file
// written in the same tick as its signature was taken could change again without its ctime moving.
// A file whose ctime is within RACY_MS of the time the signature is taken is therefore not trusted
// ("-"): it is hashed on the next load, and trusted once it is older. Left out: a file changed by
// something that sets the clock back or writes the block device directly.
import type { StatFields } from "./stat-pass.js";

export const UNTRUSTED = "-";
/** How fresh a file may be and still be trusted by its stat: well above any filesystem's tick. */
export const RACY_MS = 2_000;

/**
 * `size:mtime:ctime:ino` of a file's lstat (stat-pass.ts: a symlink is not followed), UNTRUSTED when
 * it changed within RACY_MS of `nowMs`, or undefined when it is not a regular file or its lstat
 * failed (the caller's read reports why).
 */
export function fileSignature(st: StatFields, nowMs: number): string | undefined {
  if (st.size < 0) return undefined;
  if (st.ctimeMs > nowMs - RACY_MS || st.mtimeMs > nowMs - RACY_MS) return UNTRUSTED;
  return `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}`;
}
