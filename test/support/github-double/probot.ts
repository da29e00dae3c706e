// A Probot wired to the GitHub double: app authentication (a generated key; the double mints the
// installation token), no retries or throttling, logs silenced. `deliver` is a webhook delivery.
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { Probot, ProbotOctokit, type ApplicationFunction } from "probot";
import type { GitHubDouble } from "./route.js";

let privateKey: string | undefined;
/** One RSA key per test worker (generating one takes ~50 ms). */
export function testPrivateKey(): string {
  privateKey ??= generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  }).privateKey;
  return privateKey;
}

export const WEBHOOK_SECRET = "double-webhook-secret";

/** `target` is the double, or anything in front of it (a timing proxy) with its own base URL. */
export async function createProbotOnDouble(
  target: Pick<GitHubDouble, "baseUrl">,
  app: ApplicationFunction,
): Promise<Probot> {
  const probot = new Probot({
    appId: 1,
    privateKey: testPrivateKey(),
    secret: WEBHOOK_SECRET,
    baseUrl: target.baseUrl,
    logLevel: "fatal",
    // The function form: Probot overwrites plain `throttle` defaults for its app client, and
    // installation clients inherit that, so writes would wait ~1 s each.
    Octokit: ProbotOctokit.defaults((o: Record<string, unknown>) => ({
      ...o,
      retry: { enabled: false },
      throttle: { ...(o.throttle as object), enabled: false },
    })),
  });
  await probot.load(app);
  return probot;
}

/** Delivers one webhook event (a fresh delivery id unless one is given, e.g. to replay it). */
export async function deliver(
  probot: Probot,
  name: string,
  payload: Record<string, unknown>,
  id: string = randomUUID(),
): Promise<void> {
  await probot.receive({ id, name, payload } as Parameters<Probot["receive"]>[0]);
}
