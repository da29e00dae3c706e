// The step that mints the app's installation token in a scaffolded workflow: each job asks only for
// the permissions it writes with (one place, so every job names the same action and inputs).

/** The `app-token` step, indented as a job's step, with one `permission-<name>: write` per name. */
export function appTokenStep(permissions: readonly string[]): string {
  const lines = [
    "      - id: app-token",
    "        uses: actions/create-github-app-token@v2",
    "        with:",
    "          app-id: ${{ vars.SKILLOPS_APP_ID }}",
    "          private-key: ${{ secrets.SKILLOPS_APP_PRIVATE_KEY }}",
    ...permissions.map((p) => `          permission-${p}: write`),
  ];
  return lines.join("\n");
}
