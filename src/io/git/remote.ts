// Push and fetch over smart HTTP with a token (GitHub: username x-access-token, password = token).
// Node's default keep-alive agent drops sockets idle ~5 s while a server builds a pack
// (ECONNRESET "aborted"), so every call gets an agent without that timeout.
import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import isoHttp from "isomorphic-git/http/node";
import type { GitHttpRequest, HttpClient } from "isomorphic-git";
import { cacheFor, fs, git } from "./repo.js";

export interface RemoteOptions {
  gitdir: string;
  /** https://… or http://… of the repository (never with credentials in it). */
  url: string;
  branch: string;
  token: string;
}

/** A push or fetch that the server refused or that failed; the message names the URL and status. */
export class GitRemoteError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

function httpClient(url: string): HttpClient {
  const agent = url.startsWith("https:")
    ? new HttpsAgent({ keepAlive: true, timeout: 0 })
    : new HttpAgent({ keepAlive: true, timeout: 0 });
  return { request: (req: GitHttpRequest) => isoHttp.request({ ...req, agent } as GitHttpRequest) };
}

/** The URL without any userinfo, safe to print. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = "";
    u.password = "";
    return u.toString();
  } catch {
    return "<invalid url>";
  }
}

function checkUrl(url: string): void {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new GitRemoteError(`not a URL: ${JSON.stringify(url)}`);
  }
  if (u.protocol !== "https:" && u.protocol !== "http:")
    throw new GitRemoteError(`${redactUrl(url)}: only http(s) remotes are supported`);
  // A token in the URL would be written into the gitdir's config and into error messages.
  if (u.username || u.password)
    throw new GitRemoteError(`${redactUrl(url)}: pass the token as 'token', not inside the URL`);
}

const fullRef = (branch: string) => (branch.startsWith("refs/") ? branch : `refs/heads/${branch}`);

function explain(action: string, url: string, e: unknown): GitRemoteError {
  const data = (e as { data?: { statusCode?: number; statusMessage?: string } }).data;
  const where = redactUrl(url);
  if ((e as { code?: string }).code === "HttpError" && data?.statusCode) {
    const hint =
      data.statusCode === 401
        ? ": the token was refused (is it valid and unexpired?)"
        : data.statusCode === 403
          ? ": the token lacks permission (needs contents: write for push)"
          : data.statusCode === 404
            ? ": no such repository, or the token cannot see it"
            : "";
    return new GitRemoteError(
      `${action} ${where} failed: HTTP ${data.statusCode} ${data.statusMessage ?? ""}`.trimEnd() + hint,
      data.statusCode,
      { cause: e },
    );
  }
  const message = e instanceof Error ? e.message : String(e);
  return new GitRemoteError(`${action} ${where} failed: ${message}`, undefined, { cause: e });
}

export async function pushBranch(opts: RemoteOptions & { force?: boolean }): Promise<void> {
  checkUrl(opts.url);
  const ref = fullRef(opts.branch);
  let result: Awaited<ReturnType<typeof git.push>>;
  try {
    result = await git.push({
      fs,
      http: httpClient(opts.url),
      gitdir: opts.gitdir,
      url: opts.url,
      ref,
      remoteRef: ref,
      force: opts.force ?? false,
      cache: cacheFor(opts.gitdir),
      onAuth: () => ({ username: "x-access-token", password: opts.token }),
    });
  } catch (e) {
    throw explain(`push of ${opts.branch} to`, opts.url, e);
  }
  const refResult = result.refs[ref];
  if (!result.ok || (refResult && !refResult.ok)) {
    throw new GitRemoteError(
      `push of ${opts.branch} to ${redactUrl(opts.url)} was rejected: ${refResult?.error ?? result.error ?? "unknown reason"}`,
    );
  }
}

const FETCH_REMOTE = "skillops";

/** Fetch one branch into the gitdir; returns its commit id (read it with readTree). */
export async function fetchBranch(opts: RemoteOptions & { depth?: number }): Promise<string> {
  checkUrl(opts.url);
  try {
    // isomorphic-git needs a configured remote to map the fetched ref; the URL holds no secret.
    await git.addRemote({ fs, gitdir: opts.gitdir, remote: FETCH_REMOTE, url: opts.url, force: true });
    const res = await git.fetch({
      fs,
      http: httpClient(opts.url),
      gitdir: opts.gitdir,
      remote: FETCH_REMOTE,
      ref: opts.branch,
      singleBranch: true,
      tags: false,
      cache: cacheFor(opts.gitdir),
      ...(opts.depth ? { depth: opts.depth } : {}),
      onAuth: () => ({ username: "x-access-token", password: opts.token }),
    });
    if (!res.fetchHead) throw new Error(`branch ${opts.branch} not found`);
    return res.fetchHead;
  } catch (e) {
    if (e instanceof GitRemoteError) throw e;
    throw explain(`fetch of ${opts.branch} from`, opts.url, e);
  }
}
