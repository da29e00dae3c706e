// What `skillops init` writes, as plain data: path → content. Pure; the CLI reads package.json and
// the Action it ships (vendored-action.ts), decides what to write (reconcile.ts) and does the writing.
import { DEFAULT_CONFIG } from "../config/config.js";
import { renderFeedbackTemplate } from "../feedback/form-template.js";
import { BASELINE_MANIFEST, renderBankManifest } from "../../records/bank-manifest.js";
import { renderConfigTemplate } from "./config-template.js";
import { EXAMPLE_SKILL, EXAMPLE_SKILL_NAME } from "./example-skill.js";
import type { ActionSource } from "./action-source.js";
import { GITIGNORE, POOL_README } from "./templates.js";
import { renderAppWorkflow, renderEvolveWorkflow, renderValidateWorkflow } from "./workflow-templates.js";

export interface ScaffoldFile {
  path: string;
  content: string;
}

/** Where the app runs: a server the user hosts (nothing to scaffold), or this repository's Actions. */
export const APP_MODES = ["hosted", "actions"] as const;
export type AppMode = (typeof APP_MODES)[number];

/** The workflow `--app actions` adds; its presence in the init manifest makes `actions` the default. */
export const APP_WORKFLOW_PATH = ".github/workflows/skillops-app.yml";

export interface ScaffoldInput {
  /** The skillops Action the workflows run (vendored or pinned); the config's `$schema` follows it. */
  action: ActionSource;
  /** Categories for the issue form's dropdown: the existing config's, else the defaults. */
  categories?: readonly string[];
  /** `actions` adds the in-Actions app workflow; absent = `hosted`. */
  app?: AppMode;
}

export function planScaffold(input: ScaffoldInput): ScaffoldFile[] {
  const bank = DEFAULT_CONFIG.bank;
  const pool = DEFAULT_CONFIG.pool;
  return [
    {
      path: ".github/skillops.yml",
      content: renderConfigTemplate(input.action),
    },
    {
      path: ".github/ISSUE_TEMPLATE/feedback.yml",
      content: renderFeedbackTemplate(input.categories ?? DEFAULT_CONFIG.categories),
    },
    { path: ".github/workflows/evolve.yml", content: renderEvolveWorkflow(input.action, { bank, pool }) },
    {
      path: ".github/workflows/skillops-validate.yml",
      content: renderValidateWorkflow(input.action, bank, pool),
    },
    ...(input.app === "actions"
      ? [{ path: APP_WORKFLOW_PATH, content: renderAppWorkflow(input.action) }]
      : []),
    { path: `${bank}/${EXAMPLE_SKILL_NAME}/SKILL.md`, content: EXAMPLE_SKILL },
    {
      path: `${bank}/bank.yml`,
      content: renderBankManifest(BASELINE_MANIFEST),
    },
    { path: `${pool}/README.md`, content: POOL_README },
    { path: ".gitignore", content: GITIGNORE },
  ];
}
