// The text `--dry-run` prints: one line per thing a real run would do on GitHub.
import type { PlannedAction } from "../app/frontier/publish-preview.js";
import type { WouldWrite } from "../../io/github-api/dry-run-repo.js";

const firstLine = (body: string | undefined) => {
  const line = (body ?? "").split("\n").find((l) => l.trim() !== "" && !l.startsWith("<!--")) ?? "";
  return line.length > 72 ? `${line.slice(0, 71)}…` : line;
};

/** A write the sweep would have sent, e.g. `post a comment on #3 ("### Case …")`. */
export function describeWrite(w: WouldWrite): string {
  const on = w.issue !== undefined && w.issue > 0 ? ` on #${w.issue}` : "";
  if (w.method === "createComment") return `post a comment${on} (${JSON.stringify(firstLine(w.body))})`;
  if (w.method === "updateComment") return `edit its comment${on} (${JSON.stringify(firstLine(w.body))})`;
  if (w.method === "deleteComment") return `delete its duplicate comment${on}`;
  if (w.method === "addLabels") return `add label ${w.labels!.join(", ")}${on}`;
  if (w.method === "removeLabel") return `remove label ${w.labels!.join(", ")}${on}`;
  return `${w.method}${on}`;
}

const VERB: Record<PlannedAction["action"], string> = {
  open: "would open",
  update: "would update",
  unchanged: "up to date",
  blocked: "would leave (human-edited)",
  skip: "would skip",
  supersede: "would close as superseded",
};

/** One line per frontier action: what, which PR or branch, and the rest in brief. */
export function planLines(actions: readonly PlannedAction[]): string[] {
  if (actions.length === 0) return ["dry run: no frontier member to publish"];
  return actions.map((a) => {
    const target = a.pullRequest ? `#${a.pullRequest} ${a.branch}` : a.branch;
    const parts = [
      a.reason ? `(${a.reason})` : "",
      a.push ? `push ${a.files.length} file(s): ${a.files.join(", ")}` : "",
      a.title && (a.action === "open" || a.action === "update") ? `title ${JSON.stringify(a.title)}` : "",
      a.labels.length ? `label ${a.labels.join(", ")}` : "",
      a.comments.length ? `${a.comments.length} comment(s)` : "",
      a.closes ? "close" : "",
      a.deletesBranch ? "delete the branch" : "",
    ].filter(Boolean);
    return `${VERB[a.action]} ${target}${parts.length ? ` — ${parts.join("; ")}` : ""}`;
  });
}
