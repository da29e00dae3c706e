// What `npm start` (probot run) loads. The converter is model-backed when the repository's config
// says `models.provider: openai` and a key is in the environment; otherwise the deterministic
// template converter (no model), which is also what the offline demo uses. Git access (for
// `/skillops rollback` and the rolling knowledge PR) uses the event's installation token over HTTPS.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ApplicationFunction, Context } from "probot";
import { createModelConverter } from "../feedback/model-converter.js";
import { createTemplateConverter } from "../feedback/to-case.js";
import { initBare } from "../git/repo.js";
import { createOpenAIModel } from "../llm/openai.js";
import { createSkillopsApp } from "./app.js";
import type { PublishGit } from "./port.js";

async function installationGit(context: Context): Promise<PublishGit> {
  const auth = (await context.octokit.auth({ type: "installation" })) as { token: string };
  const repository = (context.payload as { repository?: { clone_url?: string } }).repository;
  if (!repository?.clone_url) throw new Error("this event has no repository to push to");
  const gitdir = await mkdtemp(join(tmpdir(), "skillops-app-git-"));
  await initBare({ gitdir });
  return { gitdir, url: repository.clone_url, token: auth.token };
}

const { app } = createSkillopsApp({
  botLogin: process.env.SKILLOPS_BOT_LOGIN ?? "skillops[bot]",
  converter: (config) => {
    const models = config.models;
    if (models?.provider === "openai" && process.env[models.apiKeyEnv]) {
      return createModelConverter(createOpenAIModel(models, { env: process.env }), {
        name: `model ${models.roles.converter.model}`,
      });
    }
    return createTemplateConverter();
  },
  frontier: { git: installationGit },
});

const entry: ApplicationFunction = app;
export default entry;
