// The one content hash: hex sha256 of text (UTF-8) or bytes. Deterministic, so the pure core may use it.
import { createHash } from "node:crypto";

export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}
