// The workflows `skillops init` writes. Each runs the skillops Action: the copy vendored into the
// repository (`./.github/actions/skillops`, after a checkout) or a release pinned at one ref (never
// an npm dependency, never a build from git): `evolve.yml` keeps the shape docs/workflows.md describes
// (dispatch inputs, schedule, one run per repository, an app token, the scope matrix the Action's
// `matrix` command plans, the evaluation cache: eval-cache-steps.ts), `skillops-validate.yml` checks the bank and the
// config (and the regression pool) on pull requests, and with `--app actions` `skillops-app.yml` runs the app on this
// repository's events (the Action's `app-event` command), with nothing to host.
import {
  actionUses,
  actionYmlWhere,
  describeAction,
  docsPointer,
  type ActionSource,
} from "./action-source.js";
import {
  continuationInputs,
  handOverSteps,
  resumeSteps,
  scaffoldSite,
  shardJobs,
  type ActionSite,
} from "./continuation-workflow.js";
import { appTokenStep } from "./app-token-step.js";
import {
  DEFAULT_CACHED_PATHS,
  evalCacheRestoreStep,
  evalCacheSaveStep,
  type CachedPaths,
} from "./eval-cache-steps.js";
import { VENDORED_ACTION_DIR } from "./vendored-action.js";

/** The plan job: the scope matrix and the shard numbers, from the config (the Action's `matrix` command). */
export function planJob(site: ActionSite): string {
  return `  plan:
    name: plan jobs
    runs-on: ubuntu-latest
    timeout-minutes: 10
    outputs:
      matrix: \${{ steps.plan.outputs.matrix }}
      shards: \${{ steps.plan.outputs.shards }}
    steps:
      - uses: actions/checkout@v5
      # One matrix entry per disjoint scope in .github/skillops.yml (or one for the whole bank),
      # each with its runner labels: kernel cases go to [self-hosted, gpu] unless config says otherwise.
      - id: plan
        uses: ${site.uses}
        with:
          command: matrix
          config: .github/skillops.yml
          runs-on: \${{ inputs.runs-on }}
          # A continuation carries on one scope's run only.
          args: \${{ inputs.scope && format('--only {0}', inputs.scope) || '' }}
`;
}

/**
 * The evolve job up to its first steps: one job per scope of the plan's matrix, on its labels, not in
 * a shard round; then a scoped app token, a checkout that keeps no credentials, the sandbox.
 */
export function evolveJobStart(): string {
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
      # An app installation token, so the PRs this job opens trigger the repository's other workflows;
      # scoped to what the job writes (branches, PRs, issue comments, the gates check) and nothing more.
${appTokenStep(["contents", "pull-requests", "issues", "checks", "actions"])}
      # The token is handed to skillops, never left in .git/config where spawned code could read it.
      - uses: actions/checkout@v5
        with:
          persist-credentials: false
          fetch-depth: 0
      # Model-written and case-supplied code runs under bubblewrap (evaluate.sandbox, docs/security.md).
      # Ubuntu 24.04 restricts unprivileged user namespaces through AppArmor: lifted on this runner only.
      - name: sandbox (bubblewrap)
        run: |
          if ! command -v bwrap >/dev/null; then sudo apt-get update -qq && sudo apt-get install -y -qq --no-install-recommends bubblewrap; fi
          if [ -e /proc/sys/kernel/apparmor_restrict_unprivileged_userns ]; then sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0; fi
`;
}

function evolveJob(a: ActionSource, paths: CachedPaths): string {
  const site = scaffoldSite(a);
  const scope = "${{ matrix.scope }}";
  return `${evolveJobStart()}${evalCacheRestoreStep(site.state, scope, paths)}${resumeSteps(site)}      - id: skillops
        name: skillops evolve
        uses: ${site.uses}
        with:
          command: evolve
          config: .github/skillops.yml
          scope: \${{ matrix.scope != 'all' && matrix.scope || '' }}
          token: \${{ steps.app-token.outputs.token }}
          # Exit 3 (job budget reached, or a measurement for the shard jobs) is the \`continue\` output.
          args: \${{ inputs.continue-run && format('--continue {0}', inputs.continue-run) || '' }}
          # Also: model, budget, dry-run (${actionYmlWhere(a)} says what each does).
        env:
          OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }}
          SKILLOPS_REASON: \${{ inputs.reason || github.event_name }}
${evalCacheSaveStep(site.state, scope, paths)}${handOverSteps(site)}      - name: summary
        if: \${{ !cancelled() }}
        run: |
          printf 'Triggered by: %s (scope: %s)\\n' "$REASON" "$SCOPE" >> "$GITHUB_STEP_SUMMARY"
          # A quiet week runs nothing: the skillops step's summary says why, and there is no run to name.
          if [ -n "$RUN_ID" ]; then
            printf '\\nRun %s, operating point %s, pull requests: %s\\n' \\
              "$RUN_ID" "$OPERATING_POINT" "$PULL_REQUESTS" >> "$GITHUB_STEP_SUMMARY"
          fi
        env:
          REASON: \${{ inputs.reason || github.event_name }}
          SCOPE: \${{ matrix.scope }}
          RUN_ID: \${{ steps.skillops.outputs.run-id }}
          OPERATING_POINT: \${{ steps.skillops.outputs.operating-point }}
          PULL_REQUESTS: \${{ steps.skillops.outputs.pull-requests }}
`;
}

/** The trajectory channel, opt-in: traces at the config's traces.path become feedback issues, drafts until accepted. */
function tracesJob(a: ActionSource): string {
  return `  # The trajectory channel (\`traces:\` in .github/skillops.yml; ${docsPointer(a, "trajectory-channel.md")}),
  # opt-in with the repository variable SKILLOPS_TRACES=true: each failure found in the traces at
  # traces.path (committed, or put there by a step you add, such as actions/download-artifact) becomes a
  # feedback issue labelled skillops:trace; like all feedback it waits for skillops:accepted.
  traces:
    name: trace issues
    if: \${{ vars.SKILLOPS_TRACES == 'true' }}
    runs-on: ubuntu-latest
    timeout-minutes: 30
    steps:
${appTokenStep(["issues"])}
      - uses: actions/checkout@v5
        with:
          persist-credentials: false
      - name: skillops ingest --traces
        uses: ${actionUses(a)}
        with:
          command: ingest
          token: \${{ steps.app-token.outputs.token }}
          args: --traces --issues --model openai
        env:
          OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }}
`;
}

/**
 * The evolve workflow from its name to its permissions: the title a continuation shows, dispatch
 * with the continuation inputs, the weekly schedule, one run per repository.
 */
export function evolveTriggers(): string {
  return `name: skillops evolve
run-name: \${{ inputs.continue-run && format('skillops evolve · {0} · run {1}, continuing', inputs.continue-run, inputs.part) || 'skillops evolve' }}

on:
  workflow_dispatch:
    inputs:
      reason:
        description: Why this run (shown in the job summary and the run record)
        type: string
        required: false
        default: manual
      runs-on:
        description: 'Runner labels as a JSON array, e.g. ["self-hosted","gpu"]; empty = from .github/skillops.yml'
        type: string
        required: false
        default: ""
${continuationInputs()}  schedule:
    - cron: "23 4 * * 1"

# One evolution per repository at a time; a second trigger waits instead of racing for the same PRs.
concurrency:
  group: skillops-evolve-\${{ github.repository }}
  cancel-in-progress: false

# The job's own GITHUB_TOKEN: the checkout reads the repository; a continuation downloads the
# artifacts an earlier workflow run left (actions/download-artifact with run-id needs actions: read).
# Everything the jobs write goes through the app's token, scoped per job.
permissions:
  contents: read
  actions: read

`;
}

export function renderEvolveWorkflow(a: ActionSource, paths: CachedPaths = DEFAULT_CACHED_PATHS): string {
  return `# skillops evolution (written by skillops init): collects accepted feedback cases, runs the FRAMES
# loop on the skill bank and opens one pull request per frontier member, with the skillops Action
# ${describeAction(a)}. Every part is explained in ${docsPointer(a, "workflows.md")}.
${evolveTriggers()}jobs:
${planJob(scaffoldSite(a))}
${evolveJob(a, paths)}
${shardJobs(scaffoldSite(a), paths)}
${tracesJob(a)}`;
}

export function renderValidateWorkflow(a: ActionSource, bank: string, pool: string): string {
  const uses = actionUses(a);
  return `# Checks every skill, the nogoods (.skillops/), the config and the regression pool on pull
# requests that touch them (written by skillops init). Every frontier PR adds cases to the pool.
name: skillops validate

on:
  pull_request:
    paths:
      - "${bank}/**"
      - "${pool}/**"
      - ".skillops/**"
      - ".github/skillops.yml"

permissions:
  contents: read

jobs:
  validate:
    runs-on: ubuntu-latest
    timeout-minutes: 10
    steps:
      - uses: actions/checkout@v5
      - uses: ${uses}
        with:
          command: validate
          config: .github/skillops.yml
      - name: validate the regression pool
        uses: ${uses}
        with:
          command: validate
          config: .github/skillops.yml
          args: ${pool}
`;
}

/**
 * The vendored Action as the default branch has it, for a job that acts on an event rather than on
 * the code: a pull request's own copy must not run with the app's token.
 */
function vendoredCheckout(): string {
  return `      - uses: actions/checkout@v5
        with:
          ref: \${{ github.event.repository.default_branch }}
          persist-credentials: false
          sparse-checkout: ${VENDORED_ACTION_DIR}
`;
}

/**
 * The app inside this repository's Actions (`init --app actions`): each event the app handles
 * starts one short job that runs it through the Action's `app-event` command. The app reads and
 * writes the repository through the API, as the app's installation: the only checkout is of the
 * vendored Action itself.
 */
export function renderAppWorkflow(a: ActionSource): string {
  const vendored = a.kind === "vendored";
  return `# The skillops app, run inside this repository's Actions with nothing to host (written by
# skillops init --app actions): every event below starts one short job that hands it to the app,
# through the skillops Action ${describeAction(a)}. Turn the app's webhook off (its settings →
# Webhook → Active) so events are not handled twice. The setup is explained in
# ${docsPointer(a, "install.md")}.
name: skillops app

on:
  issues:
    types: [opened, edited, labeled, unlabeled, reopened, closed]
  issue_comment:
    types: [created]
  pull_request:
    types: [opened, synchronize, labeled, unlabeled, reopened, closed]
  pull_request_review:
    types: [submitted, dismissed]
  push:
    branches: [main] # the default branch: rename it here if yours is not main
  workflow_run:
    workflows: [skillops evolve]
    types: [completed]

${
  vendored
    ? "# The app's installation token does the work; the job's own GITHUB_TOKEN only checks out the\n# vendored Action.\npermissions:\n  contents: read\n"
    : "# The app's installation token does the work; the job's own GITHUB_TOKEN needs nothing.\npermissions: {}\n"
}
# One job at a time per issue or pull request, so two events never race on the same thread.
concurrency:
  group: skillops-app-\${{ github.event.issue.number || github.event.pull_request.number || github.ref }}
  cancel-in-progress: false

jobs:
  app:
    runs-on: ubuntu-latest
    timeout-minutes: 10
    steps:
      # The app's installation token: what it writes then triggers the repository's other workflows.
${appTokenStep([])}
${vendored ? vendoredCheckout() : ""}      - uses: ${actionUses(a)}
        with:
          command: app-event
          token: \${{ steps.app-token.outputs.token }}
        env:
          SKILLOPS_APP_SLUG: \${{ steps.app-token.outputs.app-slug }}
          # Optional: converts accepted feedback with the model (else the template converter).
          OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }}
`;
}
