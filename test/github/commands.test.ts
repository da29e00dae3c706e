// /skillops commands: parsing and "did you mean" (pure), then the handler against the double —
// 👀 at once, the permission asked of the API, `run` dispatching evolve.yml, one reply comment.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Probot } from "probot";
import {
  commentPayload,
  createGitHubDouble,
  createProbotOnDouble,
  deliver,
  issuesPayload,
  type GitHubDouble,
} from "../support/github-double/index.js";
import { formBody } from "../support/github-double/feedback-form.js";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";
import { editDistance, parseCommand, renderUsage, suggestCommand } from "../../src/core/github/commands.js";
import { readMarker } from "../../src/records/markers.js";
import { fixedClock } from "../../src/vocabulary/clock.js";

describe("parseCommand", () => {
  test("reads the first /skillops line, outside code blocks and quotes", () => {
    expect(parseCommand("please\n/skillops run\n/skillops help")).toEqual({
      kind: "command",
      name: "run",
      args: [],
    });
    expect(parseCommand("/skillops explain issue-12")).toEqual({
      kind: "command",
      name: "explain",
      args: ["issue-12"],
    });
    expect(parseCommand("/skillops")).toEqual({ kind: "command", name: "help", args: [] });
    expect(parseCommand("```\n/skillops run\n```\n> /skillops run\nsee /skillops run")).toEqual({
      kind: "none",
    });
    expect(parseCommand("/skillopsrun")).toEqual({ kind: "none" });
  });

  test("a command with arguments it does not take is a usage error, not the command", () => {
    for (const body of [
      "/skillops run please now --dry-run",
      "/skillops run --dry-run",
      "/skillops rollback now",
      "/skillops select balanced",
      "/skillops quiet please",
      "/skillops explain issue-12 now",
      "/skillops coldstart --fast",
      "/skillops coldstart --force --force",
    ])
      expect(parseCommand(body)).toMatchObject({ kind: "usage" });
    expect(parseCommand("/skillops coldstart --force")).toMatchObject({ kind: "command", args: ["--force"] });
    expect(renderUsage("run", ["please", "now", "--dry-run"])).toBe(
      "`/skillops run` does not take `please now --dry-run`, so nothing was done. Usage: `/skillops run` — start an evolution run now (dispatches `.github/workflows/evolve.yml`). A run from a comment is always real; to preview one, use the Action's `dry-run: true` input (or `skillops evolve --github --dry-run`).",
    );
  });

  test("suggests the nearest command on a typo", () => {
    expect(parseCommand("/skillops rnu")).toEqual({ kind: "unknown", word: "rnu", suggestion: "run" });
    expect(suggestCommand("selct")).toBe("select");
    expect(suggestCommand("roll")).toBe("rollback");
    expect(suggestCommand("deploy")).toBeUndefined();
    expect(editDistance("kitten", "sitting")).toBe(3);
  });
});

describe("/skillops in comments", () => {
  let double: GitHubDouble;
  let probot: Probot;
  let skillops: SkillopsApp;
  beforeEach(async () => {
    double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
    double.state.collaborators.set("wendy", "write");
    skillops = createSkillopsApp({ now: fixedClock("2026-11-30T03:00:00Z") });
    probot = await createProbotOnDouble(double, skillops.app);
  });
  afterEach(async () => {
    double.assertClean();
    await double.close();
  });

  const say = async (
    author: string,
    body: string,
    issue = double.state.openIssue({ title: "Question", body: "", author: "someone" }).number,
  ) => {
    const c = double.state.addComment(issue, author, body);
    await deliver(probot, "issue_comment", commentPayload(double, c.id));
    await skillops.queue.drain();
    return { comment: c, issue };
  };
  const reactions = (commentId: number) =>
    double.state.reactions.filter((r) => r.subject.id === commentId).map((r) => r.content);
  const reply = (issue: number) =>
    double.state
      .commentsOn(issue)
      .filter((c) => c.user.login === "acme-skills[bot]" && readMarker(c.body, "reply"));

  test("run by someone with write permission: 👀, dispatch of evolve.yml, 🚀 and one reply", async () => {
    const { comment, issue } = await say("wendy", "/skillops run");
    expect(double.state.dispatches).toEqual([
      {
        workflowId: "evolve.yml",
        ref: "main",
        inputs: { reason: `/skillops run by @wendy in #${issue}` },
        actor: "acme-skills[bot]",
      },
    ]);
    expect(reactions(comment.id)).toEqual(["eyes", "rocket"]);
    expect(reply(issue)).toHaveLength(1);
    // A second command on the same issue edits the same reply instead of adding one.
    await say("wendy", "/skillops help", issue);
    const [only, ...more] = reply(issue);
    expect(more).toEqual([]);
    expect(only!.body).toContain("| `/skillops run` |");
  });

  test("a command delivered again (same or new delivery id) is answered once: one dispatch, one reply", async () => {
    const { comment, issue } = await say("wendy", "/skillops run");
    const payload = commentPayload(double, comment.id);
    await deliver(probot, "issue_comment", payload, "same-delivery");
    await deliver(probot, "issue_comment", payload, "same-delivery");
    await deliver(probot, "issue_comment", payload); // a new id, e.g. a second instance's retry
    await skillops.queue.drain();
    expect(double.state.dispatches).toHaveLength(1);
    expect(reply(issue)).toHaveLength(1);
    expect(readMarker(reply(issue)[0]!.body, "reply")!.data).toEqual({ v: 1, comment: comment.id });
  });

  test("unknown or extra arguments get the usage and change nothing: no dispatch, no rollback, no label", async () => {
    const issue = double.state.openIssue({ title: "Question", body: "", author: "someone" }).number;
    for (const body of [
      "/skillops run please now --dry-run",
      "/skillops rollback now",
      "/skillops select balanced",
      "/skillops quiet please",
    ]) {
      await say("wendy", body, issue);
      expect(reply(issue)[0]!.body).toContain("so nothing was done. Usage: `/skillops");
    }
    expect(reply(issue)).toHaveLength(1);
    expect(double.state.dispatches).toEqual([]);
    expect(double.state.issue(issue).labels).toEqual([]);
    expect(double.writes().filter((w) => !/\/comments|\/reactions|\/access_tokens/.test(w.path))).toEqual([]);
  });

  test("a run whose 🚀 failed (503) is not dispatched again when GitHub redelivers it", async () => {
    const issue = double.state.openIssue({ title: "Question", body: "", author: "someone" }).number;
    const comment = double.state.addComment(issue, "wendy", "/skillops run");
    const payload = commentPayload(double, comment.id);
    double.failNext({ method: "POST", path: new RegExp(`/comments/${comment.id}/reactions$`), skip: 1 });
    await expect(deliver(probot, "issue_comment", payload, "run-1")).rejects.toThrow();
    await deliver(probot, "issue_comment", payload, "run-1");
    await skillops.queue.drain();
    expect(double.state.dispatches).toHaveLength(1);
    expect(reply(issue)).toHaveLength(1);
  });

  test("run by someone with read permission is refused and explained", async () => {
    const { comment, issue } = await say("randy", "/skillops run");
    expect(double.state.dispatches).toEqual([]);
    expect(reactions(comment.id)).toEqual(["eyes", "confused"]);
    expect(reply(issue)[0]!.body).toContain(
      "needs the **write** role or more on this repository; yours is **read**",
    );
  });

  test("a typo gets 'did you mean'; plain comments and bots are ignored", async () => {
    const { issue } = await say("randy", "/skillops slect");
    expect(reply(issue)[0]!.body).toContain("Did you mean `/skillops select`?");
    const before = double.requests.length;
    await say("randy", "thanks, looks good");
    await say("other-app[bot]", "/skillops run");
    expect(double.requests.length).toBe(before);
  });

  test("explain shows where a case came from and where it stands", async () => {
    double.state.collaborators.set("mona", "triage");
    const fb = double.state.openIssue({
      title: "Refunds",
      body: formBody({
        did: "Said 60 days.",
        expected: 'Say "30 days".',
        evidence: "Refund after 40 days?",
        category: "general",
      }),
      author: "joe",
      labels: ["skillops:feedback"],
    });
    const { issue } = await say("randy", `/skillops explain issue-${fb.number}`);
    expect(reply(issue)[0]!.body).toContain(
      `Case \`issue-${fb.number}\` does not exist yet: feedback #${fb.number} is waiting for a maintainer to accept it.`,
    );
    double.state.labelIssue(fb.number, "skillops:accepted", "mona");
    await deliver(
      probot,
      "issues",
      issuesPayload(double, "labeled", fb.number, { sender: "mona", label: "skillops:accepted" }),
    );
    await skillops.queue.drain();
    await say("randy", `/skillops explain issue-${fb.number}`, issue);
    expect(reply(issue)[0]!.body).toContain(
      `comes from feedback #${fb.number} by @\u200bjoe, accepted by @\u200bmona; it became a **case** and is waiting for the next evolution run`,
    );
    await say("randy", "/skillops explain nonsense", issue);
    expect(reply(issue)[0]!.body).toContain("Usage: `/skillops explain <case>`");
  });

  test("select on an issue (not a PR) says where it works; quiet labels the issue", async () => {
    const { issue } = await say("wendy", "/skillops select");
    expect(reply(issue)[0]!.body).toContain("works on a frontier pull request");
    const { comment } = await say("wendy", "/skillops quiet", issue);
    expect(double.state.issue(issue).labels).toContain("skillops:quiet");
    expect(reactions(comment.id)).toEqual(["eyes", "+1"]);
  });
});
