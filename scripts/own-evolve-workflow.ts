// This repository's own .github/workflows/evolve.yml, from the parts of the workflow `skillops init`
// writes (src/core/init/workflow-templates.ts, continuation-workflow.ts): the same triggers, plan
// job, setup, continuation and shard jobs, so its runs continue themselves and shard as a user's do.
// It differs where this repository is the Action's source: the Action is `./` (the committed bundle),
// and the evolve step runs the CLI from source (npm ci) with --traces-out, then reports, opens trace
// issues and uploads the run record and report. `npm run gen:workflow` writes it;
// test/workflows/workflows.test.ts fails when the committed file is stale.
import {
  resumeSteps,
  handOverSteps,
  shardJobs,
  type ActionSite,
} from "../src/core/init/continuation-workflow.js";
import { evolveSetupSteps, evolveTriggers, planJob } from "../src/core/init/workflow-templates.js";

export const OWN_EVOLVE_WORKFLOW = ".github/workflows/evolve.yml";

/** The committed Action, and evolve's --out in the checkout (its cache/ kept by actions/cache). */
const OWN: ActionSite = { uses: "./", state: ".skillops-evolve" };

function evolveStep(): string {
  return `      - id: skillops
        name: skillops evolve
        run: |
          mkdir -p skillops-out
          flags=()
          if [ "$SCOPE" != "all" ]; then flags+=(--scope "$SCOPE"); fi
          if [ -n "$CONTINUE_RUN" ]; then flags+=(--continue "$CONTINUE_RUN"); fi
          code=0
          npm run --silent skillops -- evolve --github "\${flags[@]}" --out ${OWN.state} --traces-out skillops-out/traces.jsonl --json > skillops-out/run-record.json || code=$?
          # Exit 3: handed on (the job budget, or a measurement for the shard jobs); the \`continue\`
          # output (continuation.json on one line) drives the steps below, as the Action's does.
          if [ "$code" = 3 ]; then
            rm skillops-out/run-record.json
            echo "continue=$(node -p 'JSON.stringify(require("./${OWN.state}/continuation.json"))')" >> "$GITHUB_OUTPUT"
            exit 0
          fi
          exit "$code"
        env:
          GITHUB_TOKEN: \${{ steps.app-token.outputs.token }}
          OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }}
          SCOPE: \${{ matrix.scope }}
          CONTINUE_RUN: \${{ inputs.continue-run }}
          SKILLOPS_REASON: \${{ inputs.reason || github.event_name }}
`;
}

function reportSteps(): string {
  return `      - name: report
        if: \${{ !cancelled() && hashFiles('skillops-out/run-record.json') != '' }}
        run: |
          printf 'Triggered by: %s (scope: %s)\\n\\n' "$REASON" "$SCOPE" >> "$GITHUB_STEP_SUMMARY"
          # Writes both files and appends the Markdown report to $GITHUB_STEP_SUMMARY itself.
          npm run --silent skillops -- report skillops-out/run-record.json --html skillops-out/report.html --md skillops-out/report.md
        env:
          REASON: \${{ inputs.reason || github.event_name }}
          SCOPE: \${{ matrix.scope }}
      # Opt-in (repository variable SKILLOPS_TRACE_ISSUES=true): each failure the trajectory analyst
      # finds in the run's traces becomes a feedback issue labelled skillops:trace, accepted like any other.
      - name: trace issues
        if: \${{ !cancelled() && vars.SKILLOPS_TRACE_ISSUES == 'true' && hashFiles('skillops-out/traces.jsonl') != '' }}
        run: npm run --silent skillops -- ingest --traces skillops-out/traces.jsonl --issues --model openai
        env:
          GITHUB_TOKEN: \${{ steps.app-token.outputs.token }}
          OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }}
      - name: upload run record and report
        if: \${{ !cancelled() }}
        uses: actions/upload-artifact@v4
        with:
          name: skillops-run-\${{ matrix.scope }}
          path: skillops-out/
          if-no-files-found: warn
          retention-days: 30
`;
}

function evolveJob(): string {
  return `  evolve:
    name: evolve (\${{ matrix.scope }})
    needs: plan
    strategy:
      fail-fast: false
      matrix: \${{ fromJSON(needs.plan.outputs.matrix) }}
    # A shard round's run only evaluates; its continuation run evolves (docs/workflows.md).
    if: \${{ inputs.phase != 'evaluate' }}
    runs-on: \${{ matrix.runs-on }}
    timeout-minutes: 360
    steps:
${evolveSetupSteps()}      - uses: actions/setup-node@v5
        with:
          node-version: 22
          cache: npm
      - run: npm ci
      # Content-addressed evaluation cache: executions already run are not paid for again.
      # (evaluate.cacheDir, and the cache/ folder inside evolve's --out; never the checkpoint,
      # which a run with new cases would refuse to resume from.)
      - uses: actions/cache@v4
        with:
          path: |
            .skillops-cache
            ${OWN.state}/cache
          key: skillops-eval-\${{ matrix.scope }}-\${{ github.run_id }}-\${{ github.run_attempt }}
          restore-keys: |
            skillops-eval-\${{ matrix.scope }}-
${resumeSteps(OWN)}${evolveStep()}${handOverSteps(OWN)}${reportSteps()}`;
}

export function renderOwnEvolveWorkflow(): string {
  return `# skillops evolution: collects accepted feedback cases, runs the FRAMES loop on the skill bank and
# opens one pull request per frontier member. docs/workflows.md explains every part.
# Generated by \`npm run gen:workflow\` (scripts/own-evolve-workflow.ts) from the parts of the workflow
# \`skillops init\` writes: edit those, not this file.
${evolveTriggers()}jobs:
${planJob(OWN)}
${evolveJob()}
${shardJobs(OWN)}`;
}
