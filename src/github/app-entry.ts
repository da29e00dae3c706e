// What `npm start` (probot run) loads. The converter is model-backed when the repository's config
// says `models.provider: openai` and a key is in the environment; otherwise the deterministic
// template converter (no model), which is also what the offline demo uses.
import type { ApplicationFunction } from "probot";
import { createModelConverter } from "../feedback/model-converter.js";
import { createTemplateConverter } from "../feedback/to-case.js";
import { createOpenAIModel } from "../llm/openai.js";
import { createSkillopsApp } from "./app.js";

const { app } = createSkillopsApp({
  botLogin: process.env.SKILLOPS_BOT_LOGIN ?? "skillops[bot]",
  converter: (config) => {
    const models = config.models;
    if (models?.provider === "openai" && process.env[models.apiKeyEnv]) {
      return createModelConverter(createOpenAIModel(models, { env: process.env }), { name: `model ${models.roles.converter.model}` });
    }
    return createTemplateConverter();
  },
});

const entry: ApplicationFunction = app;
export default entry;
