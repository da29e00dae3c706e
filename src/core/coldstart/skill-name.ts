// The name cold start suggests for a segment's skill: its title in kebab-case, cut to the spec's
// limit, made unique within the bank with a numeric suffix.
import { NAME_MAX } from "../bank/validate.js";

export function kebabName(title: string): string {
  const base = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, NAME_MAX)
    .replace(/-+$/, "");
  return base || "policy-skill";
}

/** One name per title, in order, none repeated. */
export function suggestNames(titles: readonly string[]): string[] {
  const used = new Set<string>();
  return titles.map((t) => {
    const base = kebabName(t);
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base.slice(0, NAME_MAX - String(n).length - 1)}-${n}`;
    used.add(name);
    return name;
  });
}
