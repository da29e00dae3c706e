// What `skillops init` prints: one line per file, the vendored Action's fate (created, upgraded from
// → to, kept), then a last line that says which Action the workflows run and names every workflow
// init left at another; and `init --check`'s verdict on the vendored copy.
import { SKIP_REASON_TEXT } from "../../core/init/reconcile.js";
import { APP_WORKFLOW_PATH } from "../../core/init/scaffold.js";
import { shortHash, VENDORED_ACTION_DIR, VENDORED_MANIFEST } from "../../core/init/vendored-action.js";
import { colours, type CliContext } from "./context.js";
import { checkVendoredCopy, describeSide, type VendorOutcome } from "./init-vendor.js";
import type { InitOutcome, StalePin } from "./init-outcome.js";

function vendoredLine(ctx: CliContext, v: VendorOutcome): string {
  const c = colours(ctx.io);
  const dir = `${VENDORED_ACTION_DIR}/`;
  switch (v.status) {
    case "created":
      return `${c.green("created")}     ${dir} (skillops ${v.version}, ${shortHash(v.hash)})`;
    case "unchanged":
      return `${c.dim("unchanged")}   ${dir} (skillops ${v.version}, ${shortHash(v.hash)})`;
    case "upgraded":
      return `${c.yellow("upgraded")}    ${dir}: skillops ${describeSide(v.other!)} → ${describeSide(v)}`;
    case "restored":
      return `${c.yellow("restored")}    ${dir} (skillops ${v.version}, ${shortHash(v.hash)}, as recorded: it had been changed)`;
    case "kept":
    case "skipped":
      return `${c.dim(v.status === "kept" ? "kept" : "skipped")}${v.status === "kept" ? "        " : "     "}${dir} (${v.reason})`;
  }
}

/** The Action the workflows run, as the last line names it. */
function actionPhrase(outcome: InitOutcome): string {
  const v = outcome.vendored;
  if (v === undefined) return `the skillops Action ${outcome.action}`;
  if (v.status === "skipped") return `the Action in ./${VENDORED_ACTION_DIR}, which init did not verify`;
  return `the skillops Action vendored in ./${VENDORED_ACTION_DIR} (skillops ${v.version}, ${shortHash(v.hash)})`;
}

const staleText = (s: StalePin) =>
  `${s.path} still runs ${s.uses.join(", ")}${s.reason ? ` (${SKIP_REASON_TEXT[s.reason]})` : ""}`;

export function printOutcome(ctx: CliContext, outcome: InitOutcome, dir: string): void {
  const c = colours(ctx.io);
  if (outcome.vendored) ctx.io.stdout(`${vendoredLine(ctx, outcome.vendored)}\n`);
  for (const f of outcome.created) ctx.io.stdout(`${c.green("created")}     ${f}\n`);
  for (const f of outcome.overwritten) ctx.io.stdout(`${c.yellow("overwrote")}   ${f}\n`);
  for (const f of outcome.unchanged) ctx.io.stdout(`${c.dim("unchanged")}   ${f}\n`);
  for (const s of outcome.skipped)
    ctx.io.stdout(`${c.dim("skipped")}     ${s.path} (${SKIP_REASON_TEXT[s.reason]})\n`);
  ctx.io.stdout(`${c.dim("recorded")}    ${outcome.manifest}\n`);
  const written = outcome.created.length + outcome.overwritten.length;
  const runs =
    outcome.stalePins.length === 0
      ? `the workflows run ${actionPhrase(outcome)}.`
      : `the workflows run ${actionPhrase(outcome)}, except: ${outcome.stalePins.map(staleText).join("; ")}.`;
  ctx.io.stdout(
    `\n${written} file(s) written, ${outcome.unchanged.length} unchanged, ${outcome.skipped.length} skipped in ${dir}; ` +
      `${runs}\n` +
      `Next: replace skill-bank/example-skill, commit everything (${outcome.manifest}${outcome.vendored ? ` and ${VENDORED_ACTION_DIR}/` : ""} too), ` +
      "install the app and set the workflow's secrets (docs/install.md).\n" +
      (outcome.app === "actions"
        ? `The app runs inside this repository's Actions (${APP_WORKFLOW_PATH}): turn its webhook off.\n`
        : "The app runs on a server you host (docs/install.md, Hosting the app); --app actions runs it in Actions instead.\n"),
  );
}

/** `init --check`: exit 0 when the vendored copy matches its record, else 1 with each difference. */
export async function printCheck(
  ctx: CliContext,
  target: string,
  dir: string,
  json: boolean,
): Promise<number> {
  const { problems, manifest } = await checkVendoredCopy(target);
  const ok = problems.length === 0;
  if (json) {
    const report = {
      dir,
      path: VENDORED_ACTION_DIR,
      ok,
      problems,
      ...(manifest ? { version: manifest.version, hash: manifest.hash } : {}),
    };
    ctx.io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    return ok ? 0 : 1;
  }
  const c = colours(ctx.io);
  if (ok) {
    ctx.io.stdout(
      `${c.green("ok")}: ${VENDORED_ACTION_DIR}/ is skillops ${describeSide(manifest!)}, every file as ${VENDORED_MANIFEST} records it\n`,
    );
    return 0;
  }
  const where = (p: string) => (p.startsWith(".github/") ? p : `${VENDORED_ACTION_DIR}/${p}`);
  for (const p of problems) ctx.io.stdout(`${c.red("error")}: ${where(p)}\n`);
  ctx.io.stdout(
    `${VENDORED_ACTION_DIR}/ does not match ${VENDORED_MANIFEST}: skillops init --upgrade writes it again\n`,
  );
  return 1;
}
