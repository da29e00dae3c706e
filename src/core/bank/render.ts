// Render SKILL.md. An unchanged skill comes back byte for byte (the original text is reused); a
// changed body keeps the original frontmatter text; a changed frontmatter is edited in the original
// YAML document, so comments, key order and quoting of untouched keys survive and diffs stay small.
import { Document, isMap, parseDocument, Scalar, visit, type Node } from "yaml";
import { parseSkillMd, typedElsewhere } from "./parse.js";
import type { SkillFrontmatter } from "./skill.js";
import { canonicalJson } from "../../vocabulary/canonical-json.js";

function quoteAmbiguous(node: Document | Node): void {
  visit(node, {
    Scalar(_key, scalar) {
      if (typeof scalar.value === "string" && typedElsewhere(scalar.value)) scalar.type = Scalar.QUOTE_DOUBLE;
    },
  });
}

function serialise(frontmatter: SkillFrontmatter): string {
  const clean = JSON.parse(JSON.stringify(frontmatter)) as object;
  const doc = new Document(clean, { schema: "failsafe" });
  quoteAmbiguous(doc);
  return doc.toString({ lineWidth: 0 });
}

/** The YAML text between the delimiters of `original`, or undefined when it has none we can edit. */
function originalYaml(original: string, body: string): string | undefined {
  const text = original.startsWith("\uFEFF") ? original.slice(1) : original;
  const firstEol = text.indexOf("\n");
  const headerEnd = text.length - body.length;
  if (firstEol === -1 || headerEnd <= firstEol) return undefined;
  const header = text.slice(firstEol + 1, headerEnd);
  const close = header.search(/(^|\n)---[ \t]*\r?\n?$/);
  return close === -1 ? undefined : header.slice(0, close === 0 ? 0 : close + 1);
}

function editYaml(yamlText: string, before: SkillFrontmatter, after: SkillFrontmatter): string | undefined {
  const doc = parseDocument(yamlText, { schema: "failsafe" });
  if (doc.errors.length > 0 || (doc.contents !== null && !isMap(doc.contents))) return undefined;
  for (const key of Object.keys(before)) {
    if (!(key in after) || after[key] === undefined) doc.delete(key);
  }
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined || canonicalJson(before[key]) === canonicalJson(value)) continue;
    const node = doc.createNode(value);
    quoteAmbiguous(node);
    doc.set(key, node);
  }
  const out = doc.toString({ lineWidth: 0 });
  return out === "{}\n" ? "" : out;
}

export function renderSkillMd(frontmatter: SkillFrontmatter, body: string, original?: string): string {
  if (original !== undefined) {
    const parsed = parseSkillMd(original, "SKILL.md");
    if (parsed.ok) {
      const prefixLength = original.length - parsed.body.length;
      const sameFrontmatter = canonicalJson(parsed.frontmatter) === canonicalJson(frontmatter);
      if (sameFrontmatter) return original.slice(0, prefixLength) + body;
      const yamlText = originalYaml(original, parsed.body);
      const edited = yamlText === undefined ? undefined : editYaml(yamlText, parsed.frontmatter, frontmatter);
      if (edited !== undefined) return `---\n${edited}---\n${body}`;
    }
  }
  const yamlText = Object.keys(frontmatter).length === 0 ? "" : serialise(frontmatter);
  return `---\n${yamlText}---\n${body}`;
}
