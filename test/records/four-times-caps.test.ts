// Issue 45: no external text can stall the app or the CLI. Every parser of text from outside (the
// config, an issue form, a case comment or file, a nogood file, a traces file, pending.json,
// continuation.json, the hidden markers in any comment) is fed 4× its cap in a bad shape and must
// refuse it with its cap's error before parsing: a structural check, no timing. The marker scan has
// no cap (GitHub caps a body at 65,536 characters): here it must read 4× that correctly; how long
// it blocks, beside the previous quadratic scan, is `npm run bench:parse-caps`'s ("hidden markers").
import { mkdir, mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { configFromText } from "../../src/apps/app/config-load.js";
import { CONFIG_YAML_CAPS } from "../../src/core/config/config-text.js";
import { CASE_YAML_CAPS, parseCase } from "../../src/core/cases/parse-case.js";
import { FORM_BODY_CAP, parseFeedbackForm } from "../../src/core/feedback/issue-form.js";
import { checkNogoodFile, MAX_NOGOOD_CHARS } from "../../src/core/nogoods/nogood-file-check.js";
import { parseTraceFile, TRACE_FILE_CAPS } from "../../src/core/evaluate/trace-file.js";
import { PENDING_FILE, PENDING_MAX_BYTES, readPending } from "../../src/apps/cli/evolve/pending-file.js";
import { CONTINUATION_MAX_BYTES, readContinuation } from "../../src/apps/cli/evolve/evolve-handover.js";
import { CONTINUATION_FILE } from "../../src/apps/cli/evolve/evolve-scale.js";
import { readMarkers, stripMarkers } from "../../src/records/markers.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "skillops-caps-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A flat many-key YAML map of about `chars` characters: the shape that cost yaml.parse seconds. */
const flatMap = (chars: number) =>
  Array.from({ length: Math.ceil(chars / 12) }, (_, i) => `k${i}: v${i}`).join("\n");

test("the config at 4× its cap is refused with the cap's error", () => {
  const read = configFromText(flatMap(4 * CONFIG_YAML_CAPS.maxChars));
  expect(read?.ok).toBe(false);
  expect(JSON.stringify(read)).toMatch(/65,536|64 KiB|characters/);
});

test("a case comment or file at 4× its cap is refused with the cap's error", () => {
  const { case: c, diagnostics } = parseCase(flatMap(4 * CASE_YAML_CAPS.maxChars), "case.yml");
  expect(c).toBeUndefined();
  expect(diagnostics.map((d) => d.message).join("\n")).toMatch(/131,072|128 KiB|characters/);
});

test("an issue form at 4× its cap is refused, its headings never scanned", () => {
  const body = "### What did the agent do?\n\nx\n".repeat(Math.ceil((4 * FORM_BODY_CAP) / 30));
  const parsed = parseFeedbackForm(body, { categories: ["general"], maxBodyChars: FORM_BODY_CAP });
  expect(JSON.stringify(parsed)).toMatch(/65,536|characters/);
  expect(parsed.ok).toBe(false);
});

test("a nogood file at 4× its cap is refused before JSON.parse", () => {
  const text = "[".repeat(4 * MAX_NOGOOD_CHARS);
  expect(() => checkNogoodFile("x.json", "x.json", text)).toThrow(
    /over the 1048576-character cap; it was not parsed/,
  );
});

test("a traces file at 4× its cap is refused", () => {
  const text = `{"a":"${"x".repeat(4 * TRACE_FILE_CAPS.maxChars)}"}`;
  const parsed = parseTraceFile(text, "traces.json", TRACE_FILE_CAPS.maxChars);
  expect(parsed.ok).toBe(false);
  expect(parsed.ok ? "" : parsed.problems.join("\n")).toMatch(/8,388,608|8 MiB|characters/);
});

test("pending.json and continuation.json at 4× their caps are refused from their size, unread", async () => {
  // Sparse files: their size is 4× the cap, no byte written; a read would allocate that much.
  const pendingDir = join(dir, "pending");
  const contDir = join(dir, "cont");
  for (const [d, file, cap] of [
    [pendingDir, PENDING_FILE, PENDING_MAX_BYTES],
    [contDir, CONTINUATION_FILE, CONTINUATION_MAX_BYTES],
  ] as const) {
    await mkdir(d, { recursive: true });
    await writeFile(join(d, file), "");
    await truncate(join(d, file), 4 * cap);
  }
  await expect(readPending(pendingDir)).rejects.toThrow(/256\.0 MiB|over/);
  await expect(readContinuation(contDir)).rejects.toThrow(/256\.0 KiB|over/);
});

test("hidden markers: a body of 4× GitHub's cap in unclosed markers holds none, and strips to itself", () => {
  // No timing here (a loaded machine would make it flaky): bench:parse-caps measures the block.
  const unit = "<!-- skillops:case {";
  const body = unit.repeat(Math.floor((4 * FORM_BODY_CAP) / unit.length));
  expect(readMarkers(body)).toEqual([]);
  expect(stripMarkers(body)).toBe(body);
  // Still found where they are whole, also after unclosed ones and beside foreign comments.
  const mixed = `<!-- note --> ${unit} <!-- skillops:case {"v":1} --> text <!-- skillops:dashboard -->`;
  expect(readMarkers(mixed).map((m) => [m.kind, m.data])).toEqual([
    ["case", { v: 1 }],
    ["dashboard", {}],
  ]);
  expect(stripMarkers(mixed)).toBe(`<!-- note --> ${unit}  text `);
});
