// What `skillops init` writes, as plain data: path → content. Pure; the CLI reads the packaged files
// it copies (the evolve workflow) and does the writing.
import { DEFAULT_CONFIG } from "../config/config.js";
import { renderFeedbackTemplate } from "../feedback/form-template.js";
import { renderBankManifest } from "../bank/manifest.js";
import { renderConfigTemplate } from "./config-template.js";
import { EXAMPLE_SKILL, EXAMPLE_SKILL_NAME } from "./example-skill.js";
import { GITIGNORE, packageJson, POOL_README, VALIDATE_WORKFLOW } from "./templates.js";

export interface ScaffoldFile {
  path: string;
  content: string;
}

export interface ScaffoldInput {
  /** The packaged .github/workflows/evolve.yml, copied as is so there is one source. */
  evolveWorkflow: string;
  /** npm spec for the skillops dependency of the new repository. */
  skillopsSpec: string;
  /** Categories for the issue form's dropdown: the existing config's, else the defaults. */
  categories?: readonly string[];
}

export function planScaffold(input: ScaffoldInput): ScaffoldFile[] {
  const bank = DEFAULT_CONFIG.bank;
  const pool = DEFAULT_CONFIG.pool;
  return [
    { path: ".github/skillops.yml", content: renderConfigTemplate() },
    {
      path: ".github/ISSUE_TEMPLATE/feedback.yml",
      content: renderFeedbackTemplate(input.categories ?? DEFAULT_CONFIG.categories),
    },
    { path: ".github/workflows/evolve.yml", content: input.evolveWorkflow },
    { path: ".github/workflows/skillops-validate.yml", content: VALIDATE_WORKFLOW },
    { path: `${bank}/${EXAMPLE_SKILL_NAME}/SKILL.md`, content: EXAMPLE_SKILL },
    {
      path: `${bank}/bank.yml`,
      content: renderBankManifest({
        operatingPoint: "baseline",
        candidate: null,
        run: null,
        pullRequest: null,
        simulated: false,
        metrics: null,
      }),
    },
    { path: `${pool}/README.md`, content: POOL_README },
    { path: "package.json", content: packageJson(input.skillopsSpec) },
    { path: ".gitignore", content: GITIGNORE },
  ];
}
