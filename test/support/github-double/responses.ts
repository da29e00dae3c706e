// The responses route files answer with, in GitHub's shapes: success, the error bodies GitHub
// sends (404, 401, 422), and paging with a Link header.
import type { DoubleRequest, DoubleResponse } from "./route.js";

export const ok = (body: unknown, status = 200, headers?: Record<string, string>): DoubleResponse => ({
  status,
  body,
  ...(headers ? { headers } : {}),
});

export const notFound = (): DoubleResponse => ({
  status: 404,
  body: { message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" },
});

export const unauthorised = (): DoubleResponse => ({
  status: 401,
  body: {
    message: "Requires authentication",
    documentation_url: "https://docs.github.com/rest",
    status: "401",
  },
});

/** A 422 naming the resource it is about (`Issue` for invalid requests, `PullRequest`, `Reference`). */
export const unprocessable = (message: string, resource = "PullRequest"): DoubleResponse => ({
  status: 422,
  body: {
    message: "Validation Failed",
    errors: [{ resource, code: "custom", message }],
    documentation_url: "https://docs.github.com/rest",
  },
});

export const validationFailed = (message: string): DoubleResponse => unprocessable(message, "Issue");

/** Pages a list the way GitHub does (per_page ≤ 100, a Link header with rel="next"). */
export function page<T>(req: DoubleRequest, items: T[]): { items: T[]; headers: Record<string, string> } {
  const perPage = Math.min(Number(req.query.get("per_page") ?? 30), 100);
  const pageNo = Number(req.query.get("page") ?? 1);
  const slice = items.slice((pageNo - 1) * perPage, pageNo * perPage);
  const headers: Record<string, string> = {};
  if (pageNo * perPage < items.length) {
    const next = new URL(req.url);
    next.searchParams.set("page", String(pageNo + 1));
    next.searchParams.set("per_page", String(perPage));
    headers.link = `<${next.toString()}>; rel="next"`;
  }
  return { items: slice, headers };
}
