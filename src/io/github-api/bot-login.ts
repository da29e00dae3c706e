// The app's bot login (`<slug>[bot]`): the author whose comments, issues and pull requests the app
// owns. Every app registered on GitHub has its own slug, so the login is discovered, or configured,
// never assumed: explicitly (SKILLOPS_BOT_LOGIN, or SKILLOPS_APP_SLUG, which
// actions/create-github-app-token outputs as `app-slug`), else from GitHub: `GET /app` with the app's
// JWT, or GraphQL `viewer { login }` with an installation token (which cannot call `GET /app`).
// Each answer is cached for the process.
import type { RestClient } from "./rest-client.js";

/** Who an installation token acts as. */
export const VIEWER_QUERY = "query { viewer { login } }";

export type BotLoginEnv = Readonly<Record<string, string | undefined>>;

const HOW_TO_SET =
  "set SKILLOPS_BOT_LOGIN to the app's bot login (e.g. my-app[bot]) or SKILLOPS_APP_SLUG to its slug (e.g. my-app; actions/create-github-app-token outputs it as app-slug)";

/** `<slug>[bot]` for an app slug; a slug that already ends in `[bot]` is taken as the login. */
export function botLoginFromSlug(slug: string): string {
  const s = slug.trim();
  if (!/^[a-z0-9][a-z0-9-]*(\[bot\])?$/i.test(s))
    throw new Error(`${JSON.stringify(slug)} is not a GitHub App slug: ${HOW_TO_SET}`);
  return s.endsWith("[bot]") ? s : `${s}[bot]`;
}

/** The login the environment names, if it names one (SKILLOPS_BOT_LOGIN wins over SKILLOPS_APP_SLUG). */
export function configuredBotLogin(env: BotLoginEnv): string | undefined {
  const login = env.SKILLOPS_BOT_LOGIN?.trim();
  if (login) {
    if (!/^[\w.-]+(\[bot\])?$/.test(login))
      throw new Error(`SKILLOPS_BOT_LOGIN=${JSON.stringify(login)} is not a GitHub login: ${HOW_TO_SET}`);
    return login;
  }
  const slug = env.SKILLOPS_APP_SLUG?.trim();
  return slug ? botLoginFromSlug(slug) : undefined;
}

const cache = new Map<string, Promise<string>>();

/** One lookup per key per process; a failed lookup is forgotten so the next caller retries. */
function cached(key: string, look: () => Promise<string>): Promise<string> {
  const hit = cache.get(key);
  if (hit) return hit;
  const found = look();
  cache.set(key, found);
  found.catch(() => cache.delete(key));
  return found;
}

const baseUrlOf = (octokit: RestClient): string =>
  String((octokit.request.endpoint.DEFAULTS as { baseUrl?: string }).baseUrl ?? "");

/** With the app's JWT: `GET /app` gives the slug. */
export function appBotLogin(octokit: RestClient, appId: number | string): Promise<string> {
  return cached(`app ${baseUrlOf(octokit)} ${appId}`, async () => {
    try {
      const { data } = await octokit.request("GET /app");
      if (!data?.slug) throw new Error("GET /app answered without a slug");
      return botLoginFromSlug(data.slug);
    } catch (error) {
      throw new Error(
        `could not discover the app's bot login from GET /app (${String(error)}): ${HOW_TO_SET}`,
        {
          cause: error,
        },
      );
    }
  });
}

/** With an installation token: GraphQL `viewer { login }` is the identity the token acts as. */
export function tokenBotLogin(octokit: RestClient, token: string): Promise<string> {
  return cached(`token ${baseUrlOf(octokit)} ${token}`, async () => {
    try {
      const answer = await octokit.graphql<{ viewer?: { login?: string } }>(VIEWER_QUERY);
      const login = answer.viewer?.login;
      if (!login) throw new Error("viewer has no login");
      return login;
    } catch (error) {
      throw new Error(
        `could not discover the bot login of this token from GraphQL viewer (${String(error)}): ${HOW_TO_SET}`,
        { cause: error },
      );
    }
  });
}

/** The configured login, else the token's own (the CLI's `--github` commands and the Actions adapter). */
export async function resolveTokenBotLogin(input: {
  env: BotLoginEnv;
  octokit: RestClient;
  token: string;
}): Promise<string> {
  return configuredBotLogin(input.env) ?? (await tokenBotLogin(input.octokit, input.token));
}

/** The commit author for the bot: GitHub's noreply address for the login, unless SKILLOPS_BOT_EMAIL says otherwise. */
export const botAuthor = (botLogin: string, env: BotLoginEnv = {}) => ({
  name: botLogin,
  email: env.SKILLOPS_BOT_EMAIL ?? `${botLogin}@users.noreply.github.com`,
});
