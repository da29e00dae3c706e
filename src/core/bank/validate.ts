// Validate one skill against the Agent Skills spec (SPECIFICATION.mdx) plus our metadata fields.
// Lengths count code points, as the reference validator (Python) does. Each diagnostic points at the
// line of the offending key, or line 1 when the key is missing.
import type { Diagnostic, Severity } from "./diagnostic.js";
import { parseSkillMd } from "./parse.js";
import type { Skill } from "./skill.js";

export type ValidationMode = "strict" | "lenient";

export interface ValidateOptions {
  mode: ValidationMode;
  /** Names of every skill in the bank; when given, `metadata.refs` entries must be among them. */
  bankNames?: ReadonlySet<string>;
}

export const SPEC_KEYS = [
  "name",
  "description",
  "license",
  "compatibility",
  "metadata",
  "allowed-tools",
] as const;
/** Our own fields, kept under `metadata` so every Agent Skills client still loads the bank. */
export const OUR_METADATA_KEYS = ["tags", "refs", "policy", "version"] as const;

export const NAME_MAX = 64;
export const DESCRIPTION_MAX = 1024;
export const COMPATIBILITY_MAX = 500;
export const BODY_LINES_RECOMMENDED = 500;

const NAME_CHARS = /^[a-z0-9-]+$/;

export function codePoints(s: string): number {
  return [...s].length;
}

/** Why `name` is not a valid skill name, or undefined when it is. */
export function nameProblem(name: string): string | undefined {
  if (name.length === 0) return "must not be empty";
  if (codePoints(name) > NAME_MAX) return `is ${codePoints(name)} characters; the limit is ${NAME_MAX}`;
  if (!NAME_CHARS.test(name)) return "may only contain lowercase letters a-z, digits 0-9 and hyphens";
  if (name.startsWith("-") || name.endsWith("-")) return "must not start or end with a hyphen";
  if (name.includes("--")) return "must not contain consecutive hyphens";
  return undefined;
}

/** Split a comma-separated metadata value into trimmed, non-empty items. */
export function splitList(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function skillFile(skill: Pick<Skill, "dir">): string {
  return skill.dir === "" || skill.dir === "." ? "SKILL.md" : `${skill.dir}/SKILL.md`;
}

export function validateSkill(skill: Skill, opts: ValidateOptions): Diagnostic[] {
  const file = skillFile(skill);
  const { lines } = parseSkillMd(skill.source, file);
  const out: Diagnostic[] = [];
  const lineOf = (key: string) => lines.get(key) ?? lines.get(key.split(".")[0] ?? key) ?? 1;
  const report = (key: string, code: string, message: string, severity: Severity = "error") =>
    out.push({ file, line: lineOf(key), severity, code, message });
  const fm = skill.frontmatter;

  checkName(fm.name, skill.name, report);
  checkDescription(fm.description, report);
  checkOptionalString(fm.license, "license", "SKILL_LICENSE_INVALID", undefined, report);
  checkOptionalString(
    fm.compatibility,
    "compatibility",
    "SKILL_COMPATIBILITY_INVALID",
    COMPATIBILITY_MAX,
    report,
  );
  checkOptionalString(fm["allowed-tools"], "allowed-tools", "SKILL_ALLOWED_TOOLS_INVALID", undefined, report);
  checkMetadata(fm.metadata, skill, opts, report);

  for (const key of Object.keys(fm)) {
    if ((SPEC_KEYS as readonly string[]).includes(key)) continue;
    const severity: Severity = opts.mode === "strict" ? "error" : "warning";
    const hint = (OUR_METADATA_KEYS as readonly string[]).includes(key)
      ? ` (put it under metadata: metadata.${key})`
      : "";
    report(
      key,
      "SKILL_UNKNOWN_KEY",
      `unknown top-level key '${key}'; the spec allows ${SPEC_KEYS.join(", ")}${hint}`,
      severity,
    );
  }

  out.push(...checkLinks(skill, file));
  const bodyLines = skill.body.split("\n").length;
  if (bodyLines > BODY_LINES_RECOMMENDED) {
    out.push({
      file,
      line: 1,
      severity: "warning",
      code: "SKILL_BODY_LONG",
      message: `SKILL.md body has ${bodyLines} lines; the spec recommends under ${BODY_LINES_RECOMMENDED} (move detail to references/)`,
    });
  }
  return out;
}

type Report = (key: string, code: string, message: string, severity?: Severity) => void;

function checkName(name: unknown, folder: string, report: Report): void {
  if (name === undefined)
    return void report("name", "SKILL_NAME_MISSING", "required field 'name' is missing");
  if (typeof name !== "string") return void report("name", "SKILL_NAME_INVALID", "'name' must be a string");
  const problem = nameProblem(name);
  if (problem) return void report("name", "SKILL_NAME_INVALID", `name '${name}' ${problem}`);
  if (folder !== "" && name !== folder) {
    report("name", "SKILL_NAME_MISMATCH", `name '${name}' must equal its folder name '${folder}'`);
  }
}

function checkDescription(description: unknown, report: Report): void {
  if (description === undefined) {
    return void report("description", "SKILL_DESCRIPTION_MISSING", "required field 'description' is missing");
  }
  if (typeof description !== "string") {
    return void report("description", "SKILL_DESCRIPTION_INVALID", "'description' must be a string");
  }
  if (description.trim().length === 0) {
    return void report("description", "SKILL_DESCRIPTION_INVALID", "'description' must not be empty");
  }
  const n = codePoints(description);
  if (n > DESCRIPTION_MAX) {
    report(
      "description",
      "SKILL_DESCRIPTION_TOO_LONG",
      `description is ${n} characters; the limit is ${DESCRIPTION_MAX}`,
    );
  }
}

function checkOptionalString(
  value: unknown,
  key: string,
  code: string,
  max: number | undefined,
  report: Report,
): void {
  if (value === undefined) return;
  if (typeof value !== "string") return void report(key, code, `'${key}' must be a string`);
  if (value.trim().length === 0) return void report(key, code, `'${key}' must not be empty when present`);
  if (max !== undefined && codePoints(value) > max) {
    report(key, code, `'${key}' is ${codePoints(value)} characters; the limit is ${max}`);
  }
}

function checkMetadata(metadata: unknown, skill: Skill, opts: ValidateOptions, report: Report): void {
  if (metadata === undefined) return;
  if (metadata === null || typeof metadata !== "object" || Array.isArray(metadata)) {
    return void report(
      "metadata",
      "SKILL_METADATA_INVALID",
      "'metadata' must be a map from string keys to string values",
    );
  }
  const entries = Object.entries(metadata as Record<string, unknown>);
  for (const [key, value] of entries) {
    if (typeof value !== "string") {
      report(
        `metadata.${key}`,
        "SKILL_METADATA_INVALID",
        `metadata.${key} must be a string (quote it or join list items with commas)`,
      );
    }
  }
  const md = metadata as Record<string, unknown>;
  const str = (key: string) => (typeof md[key] === "string" ? (md[key] as string) : undefined);
  for (const key of ["tags", "policy", "version"]) {
    const v = str(key);
    if (v !== undefined && v.trim() === "")
      report(`metadata.${key}`, "SKILL_METADATA_INVALID", `metadata.${key} is empty`, "warning");
  }
  for (const ref of splitList(str("refs"))) {
    const problem = nameProblem(ref);
    if (problem) {
      report(
        "metadata.refs",
        "SKILL_REF_INVALID",
        `metadata.refs entry '${ref}' is not a skill name: it ${problem}`,
      );
    } else if (ref === skill.name) {
      report("metadata.refs", "SKILL_REF_SELF", `metadata.refs names the skill itself ('${ref}')`, "warning");
    } else if (opts.bankNames && !opts.bankNames.has(ref)) {
      report(
        "metadata.refs",
        "SKILL_REF_UNKNOWN",
        `metadata.refs names '${ref}', but the bank has no skill of that name`,
      );
    }
  }
}

const LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

/** Relative Markdown links in the body must point at files of the skill (warning: they may be added later). */
function checkLinks(skill: Skill, file: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const present = new Set(skill.auxiliary.map((a) => a.path));
  const folders = new Set(
    skill.auxiliary.flatMap((a) =>
      a.path
        .split("/")
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
    ),
  );
  const headerLines = skill.source.slice(0, skill.source.length - skill.body.length).split("\n").length - 1;
  skill.body.split("\n").forEach((text, i) => {
    for (const m of text.matchAll(LINK)) {
      const raw = m[1] ?? "";
      if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith("#") || raw.startsWith("/")) continue;
      const target = raw
        .replace(/[#?].*$/, "")
        .replace(/^\.\//, "")
        .replace(/\/$/, "");
      if (target === "" || target === "SKILL.md" || target === "knowledge.md") continue;
      const line = headerLines + i + 1;
      if (target.split("/").includes("..")) {
        out.push({
          file,
          line,
          severity: "warning",
          code: "SKILL_LINK_OUTSIDE",
          message: `link '${raw}' points outside the skill folder`,
        });
      } else if (!present.has(target) && !folders.has(target)) {
        out.push({
          file,
          line,
          severity: "warning",
          code: "SKILL_LINK_MISSING",
          message: `link '${raw}' names a file the skill does not have`,
        });
      }
    }
  });
  return out;
}
