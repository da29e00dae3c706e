// Small files `skillops init` writes beside the config, the issue form and the workflows.
// (No package.json: the workflows run the skillops Action, so the repository needs no npm install.)
export const GITIGNORE = `.skillops-cache/
.skillops-evolve/
skillops-out/
`;

export const POOL_README = `# Regression pool

Resolved cases live here, one per file: \`<category>/<id>.yml\` (see docs/case-format.md).
The pool grows only through merged skillops pull requests; do not edit cases by hand unless you
mean to change what every future skill bank must keep passing.
`;
