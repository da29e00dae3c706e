// What `skillops init` did, as init.ts returns it and init-output.ts prints it (its own file, so the
// printer and the command do not import each other).
import type { SkipReason } from "../../core/init/reconcile.js";
import type { AppMode } from "../../core/init/scaffold.js";
import type { VendorOutcome } from "./init-vendor.js";

/** A workflow on disk that runs a skillops Action other than the one init wrote for. */
export interface StalePin {
  path: string;
  uses: string[];
  reason?: SkipReason;
}

export interface InitOutcome {
  dir: string;
  /** The Action the workflows were written for: "vendored in ./.github/actions/skillops" or OWNER/REPO@REF. */
  action: string;
  app: AppMode;
  created: string[];
  overwritten: string[];
  unchanged: string[];
  skipped: Array<{ path: string; reason: SkipReason }>;
  manifest: string;
  /** What init did with the vendored copy; absent when the workflows pin a release. */
  vendored?: VendorOutcome;
  /** Workflows on disk that run a skillops Action other than `action` (empty when all agree). */
  stalePins: StalePin[];
}
