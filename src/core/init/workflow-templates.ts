// The two workflows `skillops init` writes. Both run the skillops Action pinned at one ref (never
// an npm dependency): `evolve.yml` keeps the shape docs/workflows.md describes (dispatch inputs,
// schedule, one run per repository, an app token, the scope matrix, the evaluation cache), and
// `skillops-validate.yml` checks the bank and the config on pull requests.
import { formatActionRef, type ActionRef } from "./action-ref.js";

const npxSkillops = (a: ActionRef) => `npx --yes --package "github:${a.repo}#${a.ref}" -- skillops`;

function planJob(a: ActionRef): string {
  return `  plan:
    name: plan jobs
    runs-on: ubuntu-latest
    timeout-minutes: 10
    outputs:
      matrix: \${{ steps.plan.outputs.matrix }}
    steps:
      - uses: actions/checkout@v5
      - uses: actions/setup-node@v5
        with:
          node-version: 22
      # One matrix entry per disjoint scope in .github/skillops.yml (or one for the whole bank),
      # each with its runner labels: kernel cases go to [self-hosted, gpu] unless config says otherwise.
      # The Action has no matrix command, so this runs the same release's CLI from its git tag.
      - id: plan
        run: ${npxSkillops(a)} matrix --runs-on "$RUNS_ON" --github-output >> "$GITHUB_OUTPUT"
        env:
          RUNS_ON: \${{ inputs.runs-on }}
`;
}

/** The evolve job's first steps: a scoped app token, a checkout that keeps no credentials, the sandbox. */
function evolveSetupSteps(): string {
  return `      # An app installation token, so the PRs this job opens trigger the repository's other workflows;
      # scoped to what the job writes (branches, PRs, issue comments, the gates check) and nothing more.
      - id: app-token
        uses: actions/create-github-app-token@v2
        with:
          app-id: \${{ vars.SKILLOPS_APP_ID }}
          private-key: \${{ secrets.SKILLOPS_APP_PRIVATE_KEY }}
          permission-contents: write
          permission-pull-requests: write
          permission-issues: write
          permission-checks: write
          permission-actions: read
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

function evolveJob(a: ActionRef): string {
  return `  evolve:
    name: evolve (\${{ matrix.scope }})
    needs: plan
    strategy:
      fail-fast: false
      matrix: \${{ fromJSON(needs.plan.outputs.matrix) }}
    runs-on: \${{ matrix.runs-on }}
    timeout-minutes: 360
    steps:
${evolveSetupSteps()}      # Content-addressed evaluation cache (evaluate.cacheDir): executions already run are not paid
      # for again.
      - uses: actions/cache@v4
        with:
          path: |
            .skillops-cache
            .skillops-evolve/cache
          key: skillops-eval-\${{ matrix.scope }}-\${{ github.run_id }}-\${{ github.run_attempt }}
          restore-keys: |
            skillops-eval-\${{ matrix.scope }}-
      - id: skillops
        name: skillops evolve
        uses: ${formatActionRef(a)}
        with:
          command: evolve
          config: .github/skillops.yml
          scope: \${{ matrix.scope != 'all' && matrix.scope || '' }}
          token: \${{ steps.app-token.outputs.token }}
          # Also: model, budget, dry-run (action.yml in ${a.repo} says what each does).
        env:
          OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }}
          SKILLOPS_REASON: \${{ inputs.reason || github.event_name }}
      - name: summary
        if: \${{ !cancelled() }}
        run: |
          printf 'Triggered by: %s (scope: %s)\\n\\nRun %s, operating point %s, pull requests: %s\\n' \\
            "$REASON" "$SCOPE" "$RUN_ID" "$OPERATING_POINT" "$PULL_REQUESTS" >> "$GITHUB_STEP_SUMMARY"
        env:
          REASON: \${{ inputs.reason || github.event_name }}
          SCOPE: \${{ matrix.scope }}
          RUN_ID: \${{ steps.skillops.outputs.run-id }}
          OPERATING_POINT: \${{ steps.skillops.outputs.operating-point }}
          PULL_REQUESTS: \${{ steps.skillops.outputs.pull-requests }}
`;
}

export function renderEvolveWorkflow(a: ActionRef): string {
  return `# skillops evolution (written by skillops init): collects accepted feedback cases, runs the FRAMES
# loop on the skill bank and opens one pull request per frontier member, with the skillops Action
# ${formatActionRef(a)}. docs/workflows.md in the skillops repository explains every part.
name: skillops evolve

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
  schedule:
    - cron: "23 4 * * 1"

# One evolution per repository at a time; a second trigger waits instead of racing for the same PRs.
concurrency:
  group: skillops-evolve-\${{ github.repository }}
  cancel-in-progress: false

permissions:
  contents: read

jobs:
${planJob(a)}
${evolveJob(a)}`;
}

export function renderValidateWorkflow(a: ActionRef, bank: string): string {
  return `# Checks every skill and the config on pull requests that touch them (written by skillops init).
name: skillops validate

on:
  pull_request:
    paths:
      - "${bank}/**"
      - ".github/skillops.yml"

permissions:
  contents: read

jobs:
  validate:
    runs-on: ubuntu-latest
    timeout-minutes: 10
    steps:
      - uses: actions/checkout@v5
      - uses: ${formatActionRef(a)}
        with:
          command: validate
          config: .github/skillops.yml
`;
}
