// The events table (src/apps/app/events.ts) is the one list of webhook subscriptions: the Probot app
// subscribes exactly its rows, app.yml's default_events are its events, and the install guide's
// in-Actions workflow triggers on exactly the actions it handles.
import { readFile } from "node:fs/promises";
import { describe, expect, it, vi } from "vitest";
import { Probot } from "probot";
import { parse } from "yaml";
import { EVENT_TABLE, WEBHOOK_EVENTS } from "../../src/apps/app/events.js";
import { createSkillopsApp } from "../../src/apps/app/app.js";
import { parseActionRef } from "../../src/core/init/action-ref.js";
import { renderAppWorkflow } from "../../src/core/init/workflow-templates.js";

const root = new URL("../../", import.meta.url);
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** The `event.action`s (or action-less events) of the table. */
const tableNames = () => sorted(EVENT_TABLE.flatMap((row) => [...row.on]));

/** `event.action` per trigger of a workflow's `on:` (the event alone when it lists no types). */
function workflowNames(on: Record<string, { types?: string[] } | null>): string[] {
  return sorted(
    Object.entries(on).flatMap(([event, filter]) =>
      filter?.types ? filter.types.map((action) => `${event}.${action}`) : [event],
    ),
  );
}

describe("the events table", () => {
  it("is what the Probot app subscribes to, handler by handler", async () => {
    const probot = new Probot({ githubToken: "ghs_unused", logLevel: "fatal" });
    const on = vi.spyOn(probot, "on");
    await probot.load(createSkillopsApp({ botLogin: "acme-skills[bot]" }).app);
    const subscribed = on.mock.calls.map(([names]) => sorted([names].flat() as string[]));
    expect(subscribed).toEqual(EVENT_TABLE.map((row) => sorted(row.on)));
  });

  it("names the events of app.yml's default_events", async () => {
    const manifest = parse(await readFile(new URL("app.yml", root), "utf8")) as { default_events: string[] };
    expect(sorted(manifest.default_events)).toEqual(sorted(WEBHOOK_EVENTS));
  });

  it("names every trigger of the workflow init --app actions writes, and of the install guide's copy", async () => {
    type On = Record<string, { types?: string[] } | null>;
    const ref = parseActionRef("OWNER/skillops@v0.1.0");
    if ("error" in ref) throw new Error(ref.error);
    const scaffolded = parse(renderAppWorkflow({ kind: "pinned", ref })) as { on: On };
    expect(workflowNames(scaffolded.on)).toEqual(tableNames());
    const guide = await readFile(new URL("docs/install.md", root), "utf8");
    const block = /```yaml\n(name: skillops app\n[\s\S]*?)```/.exec(guide);
    const workflow = parse(block![1]!) as { on: On };
    expect(workflowNames(workflow.on)).toEqual(tableNames());
  });
});
