// Small files `skillops init` writes beside the config, the issue form and the workflows.
export const VALIDATE_WORKFLOW = `# Checks every skill on pull requests that touch the bank (written by skillops init).
name: skillops validate

on:
  pull_request:
    paths:
      - "skill-bank/**"
      - ".github/skillops.yml"

permissions:
  contents: read

jobs:
  validate:
    runs-on: ubuntu-latest
    timeout-minutes: 10
    steps:
      - uses: actions/checkout@v5
      - uses: actions/setup-node@v5
        with:
          node-version: 22
          cache: npm
      - run: npm ci
      - run: npm run --silent skillops -- validate skill-bank --strict
      - run: npm run --silent skillops -- matrix
`;

export function packageJson(skillopsSpec: string): string {
  const pkg = {
    name: "skill-bank",
    private: true,
    description: "An AI agent's skill bank, evolved from feedback issues by skillops.",
    scripts: { skillops: "skillops" },
    devDependencies: { skillops: skillopsSpec },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

export const GITIGNORE = `node_modules/
.skillops-cache/
.skillops-evolve/
skillops-out/
`;

export const POOL_README = `# Regression pool

Resolved cases live here, one per file: \`<category>/<id>.yml\` (see docs/case-format.md).
The pool grows only through merged skillops pull requests; do not edit cases by hand unless you
mean to change what every future skill bank must keep passing.
`;
