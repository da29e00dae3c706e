// Hidden markers: an HTML comment `<!-- skillops:<kind> {json} -->` at the top of every body the
// app owns. They are how the app finds its own comments, issues and PRs again without keeping
// state (the repository is the database), and they carry small versioned facts (hashes, ids).
// A marker only counts when the author is the app itself: anyone can paste a marker into a comment.
// The decisions built on that rule: core/render/comments/owned-marker.ts.

const MARKER = /^<!--\s*skillops:([a-z][a-z0-9-]*)(?:\s+(\{[\s\S]*?\}))?\s*-->$/;

/**
 * Each HTML comment of `body` that is a marker: its match and where it is. One pass: a comment ends
 * at the first `-->` after it opens (a marker's JSON never holds one: renderMarker escapes `>`), and
 * the search goes on after it, so a body of many unclosed `<!-- skillops:x {` costs its length, not
 * its length squared (a global lazy regex retried the rest of the body from every opener).
 */
function* markerMatches(body: string): Generator<{ m: RegExpExecArray; start: number; end: number }> {
  let pos = 0;
  for (;;) {
    const open = body.indexOf("<!--", pos);
    const close = open < 0 ? -1 : body.indexOf("-->", open + 4);
    if (close < 0) return;
    const start = body.lastIndexOf("<!--", close - 1); // the innermost opener before this close
    const end = close + 3;
    const m = start >= pos ? MARKER.exec(body.slice(start, end)) : null;
    if (m) yield { m, start, end };
    pos = end;
  }
}

/** `body` without its markers. */
export function stripMarkers(body: string): string {
  let out = "";
  let pos = 0;
  for (const { start, end } of markerMatches(body)) {
    out += body.slice(pos, start);
    pos = end;
  }
  return out + body.slice(pos);
}

export interface Marker {
  kind: string;
  data: Record<string, unknown>;
}

/** `<!-- skillops:<kind> {json} -->`; `-->` inside the JSON is escaped so the comment cannot end early. */
export function renderMarker(kind: string, data: Record<string, unknown> = {}): string {
  if (!/^[a-z][a-z0-9-]*$/.test(kind))
    throw new Error(`marker kind "${kind}" must be lower-case letters, digits and dashes`);
  const json =
    Object.keys(data).length === 0
      ? ""
      : ` ${JSON.stringify(data).replace(/--/g, "-\\u002d").replace(/>/g, "\\u003e")}`;
  return `<!-- skillops:${kind}${json} -->`;
}

/** All markers in a body, in order; malformed JSON makes a marker with empty data, not an error. */
export function readMarkers(body: string | null | undefined): Marker[] {
  if (!body) return [];
  const found: Marker[] = [];
  for (const { m } of markerMatches(body)) {
    let data: Record<string, unknown> = {};
    if (m[2]) {
      try {
        const parsed: unknown = JSON.parse(m[2]);
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
          data = parsed as Record<string, unknown>;
      } catch {
        data = {};
      }
    }
    found.push({ kind: m[1]!, data });
  }
  return found;
}

export function readMarker(body: string | null | undefined, kind: string): Marker | undefined {
  return readMarkers(body).find((m) => m.kind === kind);
}

export function hasMarker(body: string | null | undefined, kind: string): boolean {
  return readMarker(body, kind) !== undefined;
}
