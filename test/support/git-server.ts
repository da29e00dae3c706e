// A real smart-HTTP git server on loopback for tests: node:http in front of `git http-backend`
// (CGI), with Basic auth (any username, password = token) on every request, like a private repo.
import { spawn, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface GitServer {
  url(repo: string): string;
  root: string;
  createRepo(name: string, files?: Record<string, string>): Promise<void>;
  close(): Promise<void>;
  /** Requests seen, for assertions about auth. */
  requests: { method: string; path: string; status: number }[];
}

const GIT_ENV = {
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
  GIT_AUTHOR_DATE: "2026-11-30T00:00:00Z",
  GIT_COMMITTER_DATE: "2026-11-30T00:00:00Z",
};

function git(args: string[], cwd: string): void {
  execFileSync("git", args, { cwd, env: { ...process.env, ...GIT_ENV }, stdio: "pipe" });
}

const repoDir = (name: string) => `${name.replace(/\.git$/, "")}.git`;

function authorised(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? "";
  if (!header.startsWith("Basic ")) return false;
  const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
  return decoded.slice(decoded.indexOf(":") + 1) === token;
}

/** Run git http-backend for one request and relay its CGI response. */
function runBackend(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  onStatus: (s: number) => void,
): void {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const child = spawn("git", ["http-backend"], {
    env: {
      ...process.env,
      ...GIT_ENV,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: "1",
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: req.method ?? "GET",
      CONTENT_TYPE: req.headers["content-type"] ?? "",
      HTTP_CONTENT_ENCODING: req.headers["content-encoding"] ?? "",
      HTTP_GIT_PROTOCOL: String(req.headers["git-protocol"] ?? ""),
      REMOTE_USER: "test",
      REMOTE_ADDR: "127.0.0.1",
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  req.pipe(child.stdin);
  let head = Buffer.alloc(0);
  let headersSent = false;
  child.stdout.on("data", (chunk: Buffer) => {
    if (headersSent) return void res.write(chunk);
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf("\r\n\r\n");
    if (end === -1) return;
    let status = 200;
    for (const line of head.subarray(0, end).toString("latin1").split("\r\n")) {
      const i = line.indexOf(":");
      const key = line.slice(0, i).trim();
      const value = line.slice(i + 1).trim();
      if (key.toLowerCase() === "status") status = Number.parseInt(value, 10);
      else res.setHeader(key, value);
    }
    res.statusCode = status;
    onStatus(status);
    headersSent = true;
    res.write(head.subarray(end + 4));
  });
  child.on("close", () => {
    if (!headersSent) {
      res.statusCode = 500;
      onStatus(500);
    }
    res.end();
  });
}

export async function startGitServer(opts: { token: string }): Promise<GitServer> {
  const root = mkdtempSync(join(tmpdir(), "skillops-git-server-"));
  const requests: GitServer["requests"] = [];
  const server = createServer((req, res) => {
    const record = { method: req.method ?? "GET", path: req.url ?? "/", status: 0 };
    requests.push(record);
    if (!authorised(req, opts.token)) {
      record.status = 401;
      res.writeHead(401, { "WWW-Authenticate": 'Basic realm="skillops-test"', "Content-Type": "text/plain" });
      res.end("authentication required\n");
      return;
    }
    runBackend(root, req, res, (s) => void (record.status = s));
  });
  // Idle keep-alive sockets stay open until close(): a loaded machine's client may reuse one at the
  // instant the server's 5 s timeout drops it, and the request fails with ECONNRESET.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    root,
    requests,
    url: (repo) => `http://127.0.0.1:${port}/${repoDir(repo)}`,
    async createRepo(name, files = {}) {
      const bare = join(root, repoDir(name));
      git(["init", "--bare", "--initial-branch=main", bare], root);
      git(["config", "http.receivepack", "true"], bare);
      if (Object.keys(files).length === 0) return;
      const work = mkdtempSync(join(tmpdir(), "skillops-git-seed-"));
      try {
        git(["init", "--initial-branch=main"], work);
        for (const [path, text] of Object.entries(files)) {
          mkdirSync(dirname(join(work, path)), { recursive: true });
          writeFileSync(join(work, path), text);
        }
        git(["add", "-A"], work);
        git(["commit", "-m", "seed"], work);
        git(["push", bare, "main"], work);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
