// Byte equality of two file contents: the bank diff, the frontier commit and the run's member files
// all ask "did this file change?", and must answer it the same way.
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
