// What a failed step's job summary says besides "failed": the error the command printed and, for the
// failures a team meets in its first weeks, what fixes it. Pure: the error text in, a fix out. The
// messages skillops writes usually carry their own remedy; these cover the ones from outside it.

interface Known {
  test: RegExp;
  fix: string;
}

const KNOWN: readonly Known[] = [
  {
    test: /network failure|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|ETIMEDOUT|fetch failed/i,
    fix: "A network failure: nothing answered. Check the address (models.baseUrl in .github/skillops.yml for the model, GITHUB_API_URL for GitHub) and that this runner can reach it; run the workflow again once it can.",
  },
  {
    test: /OPENAI_API_KEY|rejected the API key/i,
    fix: "Set the repository secret OPENAI_API_KEY (Settings → Secrets and variables → Actions) to a key the model endpoint accepts.",
  },
  {
    test: /needs a token|Bad credentials|HTTP 401|Resource not accessible by integration|HTTP 403/i,
    fix: "The GitHub token was refused or lacks a permission: check the SKILLOPS_APP_ID variable and SKILLOPS_APP_PRIVATE_KEY secret, and that the app is installed on this repository with the permissions in app.yml.",
  },
  {
    test: /\.github\/skillops\.yml|config/i,
    fix: "Fix .github/skillops.yml as the error says; `skillops validate` checks it locally.",
  },
];

/** The fix for a known failure; undefined when the error says its own. */
export function fixFor(error: string): string | undefined {
  return KNOWN.find((k) => k.test.test(error))?.fix;
}

/** The summary's failure section: the error, then its fix (or where to look when none is known). */
export function failureLines(error: string): string[] {
  const fix = fixFor(error);
  return [
    `**Error:** ${error.replace(/\n/g, " ")}`,
    "",
    fix ? `**Fix:** ${fix}` : "**Fix:** as the error says; the step's log has the full output.",
    "",
  ];
}
