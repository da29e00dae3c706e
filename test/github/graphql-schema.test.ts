// REST requests to the GitHub double are checked against @octokit/openapi; GraphQL is outside that
// description, so this file checks every GraphQL operation the app sends against GitHub's published
// GraphQL schema (@octokit/graphql-schema): the document validates (fields, arguments, variable
// types), and the double's answer is one GitHub could give (run back through the schema, it comes out
// unchanged: no invented field, no missing non-null one, every scalar and enum of its type). The
// schema takes seconds to build, so it is built once, here, not in the double.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  buildClientSchema,
  execute,
  isAbstractType,
  isObjectType,
  parse,
  validate,
  type GraphQLSchema,
  type IntrospectionQuery,
} from "graphql";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTemplateConverter } from "../../src/core/feedback/to-case.js";
import { createSkillopsApp } from "../../src/apps/app/app.js";
import { refreshDashboard } from "../../src/apps/app/dashboard/dashboard-sync.js";
import { createSkillRepo } from "../../src/io/github-api/repo.js";
import { DEFAULT_CONFIG } from "../../src/core/config/config.js";
import { INTAKE_QUERY } from "../../src/io/github-api/intake-read.js";
import { COMMENT_READBACK_MUTATION } from "../../src/io/github-api/comment-readback.js";
import {
  COMMENT_CREATE_LABELLING_MUTATION,
  COMMENT_CREATE_MUTATION,
} from "../../src/io/github-api/comment-create-readback.js";
import { folderQuery } from "../../src/io/github-api/repo-folders.js";
import { VIEWER_QUERY } from "../../src/io/github-api/bot-login.js";
import { MARK_READY_MUTATION } from "../../src/io/github-api/repo-pulls.js";
import { tokenBotLoginFor } from "../../src/io/github-api/token-client.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { NOGOODS_DIR } from "../../src/records/nogood-file.js";
import {
  INSTALLATION_ID,
  createProbotOnDouble,
  deliver,
  issuesPayload,
  type GitHubDouble,
} from "../support/github-double/index.js";
import { openFeedback, startTriagedApp } from "./triaged-app.js";
import { REPO_ROOT } from "../support/repo-root.js";

let schema: GraphQLSchema;
let double: GitHubDouble | undefined;
beforeAll(() => {
  // The package's entry builds a second copy of the schema on import; its schema.json is enough.
  const file = join(REPO_ROOT, "node_modules", "@octokit", "graphql-schema", "schema.json");
  schema = buildClientSchema(JSON.parse(readFileSync(file, "utf8")) as IntrospectionQuery);
});
afterAll(async () => {
  double?.assertClean();
  await double?.close();
});

/** Schema errors of a document, as messages. */
const problemsOf = (query: string) => validate(schema, parse(query)).map((e) => e.message);

/**
 * The answer run back through the schema: each field read by its response key (aliases included),
 * an interface or union resolved to the first possible type that has every field the value carries.
 */
async function throughSchema(query: string, variables: unknown, data: unknown) {
  return execute({
    schema,
    document: parse(query),
    rootValue: data,
    variableValues: variables as Record<string, unknown>,
    fieldResolver: (source: Record<string, unknown>, _args, _ctx, info) => source[info.path.key],
    typeResolver: (value: Record<string, unknown>, _ctx, info, abstract) => {
      if (!isAbstractType(abstract)) return undefined;
      if (typeof value.__typename === "string") return value.__typename;
      const keys = Object.keys(value);
      const fits = info.schema
        .getPossibleTypes(abstract)
        .find((t) => isObjectType(t) && keys.every((k) => k in t.getFields()));
      return fits?.name;
    },
  });
}

test("every GraphQL document the app sends is valid against GitHub's schema", () => {
  for (const query of [
    INTAKE_QUERY,
    COMMENT_READBACK_MUTATION,
    COMMENT_CREATE_MUTATION,
    COMMENT_CREATE_LABELLING_MUTATION,
    folderQuery(2),
    VIEWER_QUERY,
    MARK_READY_MUTATION,
  ])
    expect(problemsOf(query), query.slice(0, 60)).toEqual([]);
  // The check can fail: a field GitHub does not have is named.
  expect(problemsOf("query { viewer { loginName } }")).toEqual([
    expect.stringContaining('Cannot query field "loginName" on type "User"'),
  ]);
});

test("the double's GraphQL answers are answers GitHub's schema allows, for every operation the app sent", async () => {
  const app = await startTriagedApp();
  const { double: d } = app;
  double = d;
  // A model's converter (not instant): the acceptance is converted with the read-back write.
  const skillops = createSkillopsApp({
    now: fixedClock("2026-11-30T03:00:00Z"),
    converter: { ...createTemplateConverter(), instant: false },
  });
  const probot = await createProbotOnDouble(d, skillops.app);
  d.state.ensureLabel("skillops:accepted", "0e8a16", "Accepted feedback");
  const n = openFeedback(d);
  await deliver(probot, "issues", issuesPayload(d, "opened", n));
  d.state.labelIssue(n, "skillops:accepted", "mona");
  await deliver(
    probot,
    "issues",
    issuesPayload(d, "labeled", n, { sender: "mona", label: "skillops:accepted" }),
  );
  await skillops.queue.drain();
  // A trusted author's: "converting…" and the label (by the id the intake read) in one request.
  d.state.setFile(".github/skillops.yml", "categories: [general]\nfeedback:\n  trustedAuthors: [tia]\n");
  const body = d.state.issue(n).body;
  const t = d.state.openIssue({ title: "Trusted", body, author: "tia", labels: ["skillops:feedback"] });
  await deliver(probot, "issues", issuesPayload(d, "opened", t.number));
  await skillops.queue.drain();
  // The dashboard's folder read (a nogoods folder with a file in it), and a token's viewer.
  d.state.setFile(`${NOGOODS_DIR}/x.yml`, "not read as a nogood here\n");
  await refreshDashboard({
    repo: createSkillRepo(await probot.auth(INSTALLATION_ID), { owner: "acme", repo: "agent-skills" }),
    config: { ok: true, config: DEFAULT_CONFIG },
    now: fixedClock("2026-11-30T03:00:00Z"),
    botLogin: "acme-skills[bot]",
  });
  d.state.tokens.set("ghs_actions_token", d.state.botLogin);
  await tokenBotLoginFor({}, { token: "ghs_actions_token", baseUrl: d.baseUrl });

  const exchanges = d.requests.filter((r) => r.path === "/graphql");
  const sent = new Set(exchanges.map((r) => r.operationId));
  expect([...sent].sort()).toEqual(
    [
      "graphql",
      "graphql:skillopsCommentReadback",
      "graphql:skillopsCommentCreate",
      "graphql:skillopsCommentCreateLabelling",
      "graphql:skillopsFolders",
      "graphql:skillopsIntake",
    ].sort(),
  );
  for (const r of exchanges) {
    const { query, variables } = r.body as { query: string; variables?: unknown };
    expect(problemsOf(query)).toEqual([]);
    const answer = r.answer as { data?: unknown; errors?: unknown };
    expect(answer.errors, `${r.operationId} answered with errors`).toBeUndefined();
    const back = await throughSchema(query, variables ?? {}, answer.data);
    expect(back.errors?.map((e) => e.message) ?? [], r.operationId).toEqual([]);
    expect(back.data, r.operationId).toEqual(answer.data);
  }
});

test("an answer GitHub could not give comes back changed or with errors", async () => {
  // A field the query did not ask for, a number where the schema has a String, a missing non-null field.
  const invented = await throughSchema(VIEWER_QUERY, {}, { viewer: { login: 5, name: "extra" } });
  expect(invented.data).not.toEqual({ viewer: { login: 5, name: "extra" } });
  const missing = await throughSchema(VIEWER_QUERY, {}, { viewer: {} });
  expect(missing.errors?.map((e) => e.message)).toEqual([
    expect.stringContaining("Cannot return null for non-nullable field User.login"),
  ]);
});
