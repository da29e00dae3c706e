// The GitHub Action's entry (action.yml runs.main → action/dist/index.js, bundled from here by
// `npm run build:action`). Everything it does is in run-action.ts.
import { runAction } from "./run-action.js";

process.exitCode = await runAction({
  env: process.env,
  cwd: process.cwd(),
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
});
