// The timing proxy the webhook bench puts in front of the GitHub double: each request's round trip
// is recorded, so the bench can take the double's own time out of a handler's time.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A pass-through proxy in front of the double that measures each request's round trip. */
export async function timingProxy(
  target: string,
): Promise<{ url: string; spans: Array<[number, number]>; close: () => Promise<void> }> {
  const spans: Array<[number, number]> = [];
  const t = new URL(target);
  const server: Server = createServer((req, res) => {
    const start = performance.now();
    const upstream = httpRequest(
      { host: t.hostname, port: t.port, path: req.url, method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        up.on("end", () => spans.push([start, performance.now()]));
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Total time covered by spans inside [from, to] (overlapping requests counted once). */
export function covered(spans: Array<[number, number]>, from: number, to: number): number {
  const inside = spans
    .filter(([a, b]) => b >= from && a <= to)
    .map(([a, b]) => [Math.max(a, from), Math.min(b, to)] as [number, number])
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of inside) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}
