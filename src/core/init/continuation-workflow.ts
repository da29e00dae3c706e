// The parts of the evolve workflow that carry one run over several jobs and workflow runs
// (docs/workflows.md "Sharded evaluation" and "Runs that outlive a job"): a job that hands its run on
// keeps its state as an artifact and dispatches the workflow again with the inputs below; a shard
// round's run evaluates the pending measurement in a matrix of shard jobs and dispatches the
// continuation, whose evolve job merges their caches and resumes.
import { actionUses, type ActionSource } from "./action-source.js";
import { appTokenStep } from "./app-token-step.js";
import { evalCacheSaveStep, type CachedPaths } from "./eval-cache-steps.js";

/**
 * How a workflow runs skillops's Action (`uses:`: the vendored `./.github/actions/skillops`, a
 * pinned `OWNER/REPO@REF`, or `./` in skillops's own repository) and where its evolve keeps the
 * run's state (`--out`, kept as an artifact between jobs).
 */
export interface ActionSite {
  uses: string;
  state: string;
}

/**
 * A scaffolded workflow's: the vendored or pinned Action, the state in the runner's temp folder (the
 * Action's default --out).
 */
export const scaffoldSite = (a: ActionSource): ActionSite => ({
  uses: actionUses(a),
  state: "${{ runner.temp }}/skillops-evolve",
});

/** A continuation's first steps: the run's state from the run before, and the shard jobs' caches merged in. */
export function resumeSteps(site: ActionSite): string {
  return `      # A continuation (docs/workflows.md "Runs that outlive a job"): the checkpoint, cache and
      # pending measurement the job before left, then the shard jobs' caches merged into the run's.
      - if: \${{ inputs.continue-run }}
        uses: actions/download-artifact@v4
        with:
          name: skillops-state-\${{ matrix.scope }}
          run-id: \${{ inputs.from-run }}
          github-token: \${{ github.token }}
          path: ${site.state}
      - if: \${{ inputs.shards-run }}
        uses: actions/download-artifact@v4
        with:
          pattern: skillops-shard-\${{ matrix.scope }}-*
          run-id: \${{ inputs.shards-run }}
          github-token: \${{ github.token }}
          path: \${{ runner.temp }}/shards
      - if: \${{ inputs.shards-run }}
        name: merge the shard caches
        uses: ${site.uses}
        with:
          command: cache
          args: merge \${{ format('{0}/shards/skillops-shard-{1}-{2}', runner.temp, matrix.scope, join(fromJSON(needs.plan.outputs.shards), format(' {0}/shards/skillops-shard-{1}-', runner.temp, matrix.scope))) }} --into ${site.state}/shard-cache
`;
}

/** A run handed on (the \`continue\` output): its state kept as an artifact, and the next run dispatched. */
export function handOverSteps(site: ActionSite): string {
  return `      - if: \${{ steps.skillops.outputs.continue }}
        uses: actions/upload-artifact@v4
        with:
          name: skillops-state-\${{ matrix.scope }}
          path: ${site.state}
          include-hidden-files: true
          retention-days: 7
      # reason evaluate: a run of shard jobs, which then dispatches the continuation; job-budget: the
      # continuation itself. Its title says "run 2 of ~N, continuing", which the dashboard shows.
      - if: \${{ steps.skillops.outputs.continue }}
        name: dispatch the continuation
        run: |
          gh workflow run evolve.yml --repo "$GITHUB_REPOSITORY" --ref "$GITHUB_REF_NAME" \\
            -f reason="$REASON" -f runs-on="$RUNS_ON" -f scope="$SCOPE" -f continue-run="$RUN" \\
            -f from-run="$GITHUB_RUN_ID" -f phase="$PHASE" -f part="$((PART + 1)) of ~$PARTS"
        env:
          GH_TOKEN: \${{ steps.app-token.outputs.token }}
          REASON: \${{ inputs.reason || github.event_name }}
          RUNS_ON: \${{ toJSON(matrix.runs-on) }}
          SCOPE: \${{ matrix.scope }}
          RUN: \${{ fromJSON(steps.skillops.outputs.continue).runId }}
          PHASE: \${{ fromJSON(steps.skillops.outputs.continue).reason == 'evaluate' && 'evaluate' || 'continue' }}
          PART: \${{ fromJSON(steps.skillops.outputs.continue).part }}
          PARTS: \${{ fromJSON(steps.skillops.outputs.continue).estimatedParts }}
`;
}

/**
 * A shard round (docs/workflows.md "Sharded evaluation"): one job per shard evaluates its slice of
 * the cases of the pending measurement (pending.json); then one job dispatches the continuation,
 * which merges their caches and measures from them.
 */
export function shardJobs(site: ActionSite, paths: CachedPaths): string {
  return `${shardJob(site, paths)}${shardsDoneJob()}`;
}

function shardJob(site: ActionSite, paths: CachedPaths): string {
  return `  shard:
    name: shard \${{ matrix.shard }} (\${{ inputs.scope }})
    needs: plan
    if: \${{ inputs.phase == 'evaluate' }}
    strategy:
      matrix:
        shard: \${{ fromJSON(needs.plan.outputs.shards) }}
    runs-on: \${{ fromJSON(inputs.runs-on) }}
    timeout-minutes: 360
    steps:
      - uses: actions/checkout@v5
        with:
          persist-credentials: false
      - name: sandbox (bubblewrap)
        run: |
          if ! command -v bwrap >/dev/null; then sudo apt-get update -qq && sudo apt-get install -y -qq --no-install-recommends bubblewrap; fi
          if [ -e /proc/sys/kernel/apparmor_restrict_unprivileged_userns ]; then sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0; fi
      - uses: actions/download-artifact@v4
        with:
          name: skillops-state-\${{ inputs.scope }}
          run-id: \${{ inputs.from-run }}
          github-token: \${{ github.token }}
          path: ${site.state}
      - name: skillops evolve --shard
        uses: ${site.uses}
        with:
          command: evolve
          config: .github/skillops.yml
          scope: \${{ inputs.scope != 'all' && inputs.scope || '' }}
          args: --out ${site.state} --shard \${{ matrix.shard }}/\${{ strategy.job-total }} --shard-out \${{ runner.temp }}/shard
        env:
          OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }}
      # What this shard ran joins the run's cache, saved even if the continuation never runs.
      - name: keep the shard's executions
        if: \${{ always() }}
        uses: ${site.uses}
        with:
          command: cache
          args: merge \${{ runner.temp }}/shard --into ${site.state}/cache
${evalCacheSaveStep(site.state, "${{ inputs.scope }}", paths, "-shard-${{ matrix.shard }}")}      - uses: actions/upload-artifact@v4
        with:
          name: skillops-shard-\${{ inputs.scope }}-\${{ matrix.shard }}
          path: \${{ runner.temp }}/shard
          include-hidden-files: true
          retention-days: 7
`;
}

/** After every shard job: dispatch the continuation, which merges their caches and resumes. */
function shardsDoneJob(): string {
  return `  shards-done:
    name: continue after the shards
    needs: shard
    runs-on: ubuntu-latest
    timeout-minutes: 10
    steps:
${appTokenStep(["actions"])}
      - run: |
          gh workflow run evolve.yml --repo "$GITHUB_REPOSITORY" --ref "$GITHUB_REF_NAME" \\
            -f reason="$REASON" -f runs-on="$RUNS_ON" -f scope="$SCOPE" -f continue-run="$RUN" \\
            -f from-run="$FROM" -f shards-run="$GITHUB_RUN_ID" -f phase=continue -f part="$PART"
        env:
          GH_TOKEN: \${{ steps.app-token.outputs.token }}
          REASON: \${{ inputs.reason }}
          RUNS_ON: \${{ inputs.runs-on }}
          SCOPE: \${{ inputs.scope }}
          RUN: \${{ inputs.continue-run }}
          FROM: \${{ inputs.from-run }}
          PART: \${{ inputs.part }}
`;
}

/** The dispatch inputs only the workflow itself sets, to continue a run in a new workflow run. */
export function continuationInputs(): string {
  const input = (name: string, what: string) =>
    `      ${name}:\n        description: "Set by skillops: ${what}"\n        type: string\n        required: false\n        default: ""\n`;
  return [
    input("scope", "the scope whose run continues"),
    input("continue-run", "the evolution run to continue (its run id)"),
    input("from-run", "the workflow run whose artifact holds its checkpoint and cache"),
    input("shards-run", "the workflow run whose shard jobs evaluated its pending measurement"),
    input("phase", "evaluate (shard jobs) or continue"),
    input("part", "which job of the run this is, e.g. 2 of ~5"),
  ].join("");
}
