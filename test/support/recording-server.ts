// A loopback HTTP server for the wire-format doubles (anthropic-double.ts, responses-double.ts): it
// reads each request whole, records its method, path, headers and JSON body (undefined when the
// body is not JSON), and hands it to the double's own answer.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown> | undefined;
}

export interface RecordingServer {
  /** http://127.0.0.1:PORT, without a path. */
  origin: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

function jsonBody(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export async function startRecordingServer(
  answer: (request: RecordedRequest, res: ServerResponse) => void,
): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (c: Buffer) => parts.push(c));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const body = jsonBody(Buffer.concat(parts).toString("utf8"));
      const request = { method: req.method ?? "", path, headers: req.headers, body };
      requests.push(request);
      answer(request, res);
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
