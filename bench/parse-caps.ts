// Every parser of untrusted text fed its largest allowed input (issue 26): for each, inputs at its
// caps in the worst shapes we know (a flat many-key map, deep nesting, one long escaped string,
// many lines, many aliases, many plain values other YAML clients would type), and an attack over
// the cap (the inputs an outside fault matrix used). Each call is synchronous, so the time it takes
// is the event-loop block it causes. Printed per input: the first (cold) call, the median and max
// of the warm calls; per parser, the largest warm block at the cap. Where meaningful, the previous
// parse of the same text (`yaml.parse` with its quadratic `uniqueKeys`, gray-matter) beside it.
//   npm run bench:parse-caps [-- --repeat 10 --warmup 3]
import matter from "gray-matter";
import { parse as yamlParse, parseDocument } from "yaml";
import { BANK_MANIFEST_CAPS, parseBankManifest } from "../src/records/bank-manifest.js";
import { FRONTMATTER_CAPS, parseSkillMd } from "../src/core/bank/parse.js";
import { CASE_YAML_CAPS, parseCase } from "../src/core/cases/parse-case.js";
import { Config } from "../src/core/config/config.js";
import { CONFIG_YAML_CAPS, readConfigText } from "../src/core/config/config-text.js";
import { parseTraceFile, TRACE_FILE_CAPS, traceFileProblem } from "../src/core/evaluate/trace-file.js";
import { FORM_BODY_CAP, FORM_HEADINGS_CAP, parseFeedbackForm } from "../src/core/feedback/issue-form.js";
import { TRACE_CHAR_CAP } from "../src/apps/cli/ingest/ingest-traces.js";
import { readMarkers, stripMarkers } from "../src/records/markers.js";
import type { YamlCaps } from "../src/vocabulary/bounded-yaml.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const REPEAT = arg("repeat", 10);
const WARMUP = arg("warmup", 3);
const TARGET_MS = 100;

interface Input {
  parser: string;
  shape: string;
  text: string;
  /** true: within the caps (must be accepted); false: an attack over a cap (must be refused). */
  atCap: boolean;
  /** Parses `text`; says whether a cap refused it. */
  run: (text: string) => Outcome;
  /** The previous parse of the same text, when it ran one. */
  previous?: (text: string) => unknown;
}

type Outcome = "read" | "refused by a cap";
/** Whether any problem message is a cap's. */
const outcome = (messages: readonly string[]): Outcome =>
  messages.some((m) => /\(the cap\)|the cap is|past the cap|reads at most/.test(m))
    ? "refused by a cap"
    : "read";

// ---- YAML shapes, each as large as the caps allow -------------------------------------------------

/** `key0000: v` lines until the node or line or character cap (2 nodes a line). */
function flatMap(caps: YamlCaps, value = "v", prefix = ""): string {
  const lines: string[] = [];
  let chars = prefix.length;
  const budget = Math.min(Math.floor((caps.maxNodes - 40) / 2), caps.maxLines - 40); // 40: the prefix's
  for (let i = 0; i < budget; i++) {
    const line = `key${String(i).padStart(5, "0")}: ${value}`;
    if (chars + line.length + 1 > caps.maxChars - 200) break;
    lines.push(line);
    chars += line.length + 1;
  }
  return `${prefix}${lines.join("\n")}\n`;
}

/** Flow sequences nested to the depth cap, repeated until the node cap. */
function deep(caps: YamlCaps): string {
  const depth = caps.maxDepth - 1;
  const one = `${"[".repeat(depth)}x${"]".repeat(depth)}`;
  const perLine = depth + 2; // flow starts, the scalar, the key
  const lines = Math.min(Math.floor((caps.maxNodes - 10) / perLine), caps.maxLines - 10);
  return Array.from({ length: lines }, (_, i) => `k${i}: ${one}`).join("\n") + "\n";
}

/** One double-quoted scalar of escapes filling the character cap. */
function longEscaped(caps: YamlCaps, prefix = ""): string {
  const room = caps.maxChars - prefix.length - 20;
  return `${prefix}long: "${"\\u00e9\\n\\t".repeat(Math.floor(room / 10))}"\n`;
}

/** A literal block scalar with as many lines as the line cap allows. */
function manyLines(caps: YamlCaps, prefix = ""): string {
  const lines = caps.maxLines - prefix.split("\n").length - 5;
  const width = Math.max(1, Math.min(200, Math.floor((caps.maxChars - prefix.length - 20) / lines) - 3));
  return `${prefix}text: |\n${`  ${"y".repeat(width)}\n`.repeat(lines)}`;
}

/** A list of scalars as large as the node cap allows, anchored, and aliased up to the alias cap. */
function manyAliases(caps: YamlCaps, prefix = ""): string {
  const items = caps.maxNodes - caps.maxAliases * 2 - 40;
  const anchored = `base: &b [${Array(items).fill("1").join(", ")}]`;
  const aliases = Array.from({ length: caps.maxAliases }, (_, i) => `a${i}: *b`).join("\n");
  return `${prefix}${anchored}\n${aliases}\n`;
}

// ---- the parsers ------------------------------------------------------------------------------------

const previousYaml = (text: string) => yamlParse(text, { maxAliasCount: 100 });

function configInputs(): Input[] {
  const caps = CONFIG_YAML_CAPS;
  const run = (t: string) => {
    const r = readConfigText(t);
    return outcome(r.ok ? [] : r.problems.map((p) => p.message));
  };
  const previous = (t: string) => Config.safeParse(previousYaml(t) ?? {});
  const attack = Array.from({ length: 16_000 }, (_, i) => `key${i}: ${i}`).join("\n");
  return [
    { shape: "flat map of unknown keys", text: flatMap(caps) },
    { shape: "deep nesting", text: deep(caps) },
    { shape: "long escaped string", text: longEscaped(caps) },
    { shape: "many lines", text: manyLines(caps) },
    { shape: "many aliases", text: manyAliases(caps) },
    { shape: "attack: flat 16,000-key map (180 KB)", text: attack, atCap: false },
  ].map((i) => ({ parser: "config", atCap: true, run, previous, ...i }));
}

function frontmatterInputs(): Input[] {
  const caps = { ...FRONTMATTER_CAPS, maxChars: FRONTMATTER_CAPS.maxChars - 50 };
  const head = "name: x\ndescription: d\n";
  const md = (yaml: string) => `---\n${yaml}---\nbody\n`;
  const run = (t: string) => outcome(parseSkillMd(t, "x/SKILL.md").diagnostics.map((d) => d.message));
  const previous = (t: string) =>
    matter(t, {
      engines: {
        yaml: (s: string) => parseDocument(s, { schema: "failsafe", uniqueKeys: true }).toJS() as object,
      },
    });
  const attack = md(flatMap({ ...caps, maxChars: 1.4e6, maxNodes: 4e5, maxLines: 2e5 }, "v", head));
  return [
    { shape: "flat metadata-like map", text: md(flatMap(caps, "v", head)) },
    { shape: "values other clients type (1.0)", text: md(flatMap(caps, "1.0", head)) },
    { shape: "deep nesting", text: md(head + deep(caps)) },
    { shape: "long escaped string", text: md(longEscaped(caps, head)) },
    { shape: "many lines", text: md(manyLines(caps, head)) },
    { shape: "many aliases", text: md(manyAliases(caps, head)) },
    { shape: "attack: 1.4 MB flat frontmatter", text: attack, atCap: false },
  ].map((i) => ({ parser: "SKILL.md frontmatter", atCap: true, run, previous, ...i }));
}

const CASE_HEAD = [
  "id: c1",
  "category: general",
  "diagnosis: d",
  "task:",
  "  prompt: p",
  "  rubric: [{type: contains, value: x}]",
  "provenance: {channel: manual, author: a, created: '2026-01-01T00:00:00Z'}",
  "",
].join("\n");

function caseInputs(): Input[] {
  const caps = CASE_YAML_CAPS;
  const run = (t: string) => outcome(parseCase(t, "general/c1.yml").diagnostics.map((d) => d.message));
  const rubric = (n: number) =>
    CASE_HEAD.replace(
      "  rubric: [{type: contains, value: x}]",
      `  rubric:\n${"    - {type: contains, value: x}\n".repeat(n)}`,
    );
  return [
    { shape: "flat map of unknown keys", text: flatMap(caps, "v", CASE_HEAD) },
    { shape: "rubric list at the node cap", text: rubric(Math.floor((caps.maxNodes - 20) / 6)) },
    { shape: "deep nesting", text: CASE_HEAD + deep({ ...caps, maxNodes: caps.maxNodes - 20 }) },
    { shape: "long escaped string", text: longEscaped(caps, CASE_HEAD) },
    { shape: "many lines", text: manyLines(caps, CASE_HEAD) },
    { shape: "many aliases", text: manyAliases(caps, CASE_HEAD) },
  ].map((i) => ({ parser: "case file", atCap: true, run, previous: previousYaml, ...i }));
}

function bankManifestInputs(): Input[] {
  const caps = BANK_MANIFEST_CAPS;
  const head = "operatingPoint: baseline\ncandidate: null\nsimulated: false\nmetrics: null\n";
  const run = (t: string) => {
    try {
      parseBankManifest(t);
      return outcome([]);
    } catch (e) {
      return outcome([(e as Error).message]);
    }
  };
  const exposure = Math.min(caps.maxNodes, caps.maxLines) - 20;
  const list = `exposure:\n${Array.from({ length: exposure }, (_, i) => `  - skill-${i}`).join("\n")}\n`;
  return [
    { shape: "exposure list at the node cap", text: head + list },
    { shape: "flat map of unknown keys", text: flatMap(caps, "v", head) },
    { shape: "long escaped string", text: longEscaped(caps, head) },
    { shape: "many aliases", text: manyAliases(caps, head) },
  ].map((i) => ({ parser: "bank.yml", atCap: true, run, previous: previousYaml, ...i }));
}

function formInputs(): Input[] {
  const opts = { categories: ["general", "hallucination", "special"], maxBodyChars: FORM_BODY_CAP };
  const run = (t: string) => {
    const r = parseFeedbackForm(t, opts);
    return outcome(r.ok ? [] : r.problems);
  };
  const fill = (head: string, unit: string) =>
    head + unit.repeat(Math.floor((FORM_BODY_CAP - head.length) / unit.length));
  const sections = Array.from({ length: FORM_HEADINGS_CAP }, (_, i) => `### Section ${i}\n\ntext\n\n`).join(
    "",
  );
  return [
    { shape: "headings at the cap, long sections", text: fill(sections, "word ") },
    { shape: "many short lines", text: fill("### What the agent did\n\n", "a\n") },
    { shape: "nested quotes and emphasis", text: fill("### What the agent did\n\n", "> *a _b ") },
    { shape: "one long line", text: fill("### What the agent did\n\n", "x") },
    { shape: "attack: 13,000 headings", text: fill("", "### x\n"), atCap: false },
  ].map((i) => ({ parser: "issue form", atCap: true, run, ...i }));
}

function traceInputs(): Input[] {
  // The CLI checks the whole file once, then parses one trace at a time and lets the event loop
  // run between them (src/apps/cli/ingest/ingest-traces.ts): the blocks are the file check and one trace.
  const file = (t: string) => {
    const over = traceFileProblem(t, "t.jsonl");
    return outcome(over ? [over] : []);
  };
  const one = (t: string) => {
    const r = parseTraceFile(t, "t.jsonl", TRACE_CHAR_CAP);
    return outcome(r.ok ? [] : r.problems);
  };
  const record = (content: string) => `{"case":"c","messages":[{"role":"assistant","content":"${content}"}]}`;
  const perTrace = Math.floor(TRACE_FILE_CAPS.maxChars / TRACE_FILE_CAPS.maxTraces) - 80;
  const many = Array(TRACE_FILE_CAPS.maxTraces)
    .fill(record("x".repeat(perTrace)))
    .join("\n");
  const room = TRACE_CHAR_CAP - 100;
  const depth = TRACE_FILE_CAPS.maxDepth - 4; // 4: the record's own levels
  const nest = `${"[".repeat(depth)}${"]".repeat(depth)}`;
  const nested = `{"case":"c","messages":[],"events":[{"x":[${Array(Math.floor(room / (nest.length + 1)))
    .fill(nest)
    .join(",")}]}]}`;
  const attackDepth = Math.floor(room / 2);
  const deepAttack = `{"case":"c","messages":[],"events":[{"x":${"[".repeat(attackDepth)}${"]".repeat(attackDepth)}}]}`;
  const messages = `{"case":"c","messages":[${Array(Math.floor(room / 16))
    .fill('{"role":"user"}')
    .join(",")}]}`;
  return [
    { shape: "file check: most traces at the file cap", text: many, run: file },
    { shape: "one trace: longest escaped string", text: record("\\u00e9".repeat(Math.floor(room / 6))) },
    { shape: "one trace: nesting at the depth cap", text: nested },
    { shape: "one trace: most messages", text: messages },
    { shape: "attack: one trace nested 100,000 deep", text: deepAttack, atCap: false },
  ].map((i) => ({ parser: "trace file", atCap: true, run: one, ...i }));
}

function markerInputs(): Input[] {
  // The hidden-marker scan has no cap of its own (GitHub caps a body at 65,536 characters), so it is
  // fed 4× that in the shapes that made the previous scan, a global lazy regex retried from every
  // opener, quadratic. Every input must be read (nothing here is over a cap).
  const run = (t: string) => (readMarkers(t), stripMarkers(t), "read" as const);
  const previous = (t: string) => [
    ...t.matchAll(/<!--\s*skillops:([a-z][a-z0-9-]*)(?:\s+(\{[\s\S]*?\}))?\s*-->/g),
  ];
  const body = (unit: string) => unit.repeat(Math.floor((4 * FORM_BODY_CAP) / unit.length));
  return [
    { shape: "4× a body of unclosed markers", text: body("<!-- skillops:case {") },
    { shape: "4× a body of whole markers", text: body('<!-- skillops:case {"v":1} -->') },
    { shape: "4× a body of foreign comments", text: body("<!-- note --> text ") },
  ].map((i) => ({ parser: "hidden markers", atCap: true, run, previous, ...i }));
}

// ---- measuring ---------------------------------------------------------------------------------------

/** Milliseconds `fn` blocks the thread (a collection it triggers included, as in a server). */
function time(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

interface Row {
  parser: string;
  shape: string;
  chars: number;
  first: number;
  median: number;
  max: number;
  previous?: number;
  atCap: boolean;
  outcome: Outcome;
}

function measureInput(input: Input): Row {
  let result: Outcome = "read";
  const first = time(() => (result = input.run(input.text)));
  for (let w = 0; w < WARMUP; w++) input.run(input.text);
  const runs = Array.from({ length: REPEAT }, () => time(() => input.run(input.text))).sort((a, b) => a - b);
  // The previous parser, warm (on the 1.4 MB frontmatter it ran 136 s: skipped over 1 MB).
  const skipPrevious = !input.previous || input.text.length > 1_000_000;
  const previousRun = () => {
    try {
      input.previous!(input.text);
    } catch {
      // refused (e.g. its own alias check): the time until then is what it blocked
    }
  };
  if (!skipPrevious && input.atCap) for (let w = 0; w < WARMUP; w++) previousRun();
  const previousRuns = input.atCap ? 3 : 1;
  const previous = skipPrevious
    ? undefined
    : Math.max(...Array.from({ length: previousRuns }, () => time(previousRun)));
  return {
    parser: input.parser,
    shape: input.shape,
    chars: input.text.length,
    first,
    median: runs[Math.floor(runs.length / 2)]!,
    max: runs.at(-1)!,
    atCap: input.atCap,
    outcome: result,
    ...(previous !== undefined ? { previous } : {}),
  };
}

function print(rows: readonly Row[]): void {
  const ms = (x: number | undefined) => (x === undefined ? "—" : x.toFixed(1)).padStart(9);
  console.log(
    `${"parser".padEnd(22)}${"input".padEnd(44)}${"chars".padStart(10)}${"first".padStart(9)}${"median".padStart(9)}${"max".padStart(9)}${"previous".padStart(9)}  outcome`,
  );
  for (const r of rows) {
    const odd = r.atCap === (r.outcome === "read") ? "" : " (UNEXPECTED)";
    console.log(
      `${r.parser.padEnd(22)}${r.shape.padEnd(44)}${r.chars.toLocaleString("en-US").padStart(10)}${ms(r.first)}${ms(r.median)}${ms(r.max)}${ms(r.previous)}  ${r.outcome}${odd}`,
    );
  }
  console.log(`\nlargest block at the cap, per parser (max of the warm runs; target ${TARGET_MS} ms):`);
  for (const parser of [...new Set(rows.map((r) => r.parser))]) {
    const mine = rows.filter((r) => r.parser === parser && r.atCap);
    const worst = mine.reduce((a, b) => (b.max > a.max ? b : a));
    const verdict = worst.max <= TARGET_MS ? "ok" : "OVER TARGET";
    console.log(`  ${parser.padEnd(22)}${worst.max.toFixed(1).padStart(8)} ms (${worst.shape}) — ${verdict}`);
  }
}

const inputs = [
  ...configInputs(),
  ...frontmatterInputs(),
  ...caseInputs(),
  ...bankManifestInputs(),
  ...formInputs(),
  ...traceInputs(),
  ...markerInputs(),
];
console.log(
  `parse caps (issue 26): ${inputs.length} inputs; per input the first call (cold), then ${WARMUP} warm-up calls and ${REPEAT} measured (median, max); "previous" = the parse before issue 26, warm, max of 3; Node ${process.version}\n`,
);
print(inputs.map(measureInput));
