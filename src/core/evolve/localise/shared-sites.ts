// Shared sites (SkillSmith's `shared` repair type): a section or script that several skills hold
// with the same text, a copied procedure or a bundled helper. A fault in it fails the runs of every
// skill that holds it, and a repair of one copy leaves the others wrong, so the site names the other
// copies (`also`) and the diagnosers are told to change them all. A section's text is compared
// without its heading and with runs of white space as one (a copy under another heading is still a
// copy); a script byte for byte. A text shorter than MIN_SHARED characters is not a resource (a
// one-line "See the policy." is common to many skills by chance). Pure.
import { findSection, splitSections } from "../../bank/sections.js";
import { sameBytes } from "../../bank/same-bytes.js";
import type { SkillBank } from "../../bank/skill.js";
import type { Suspect } from "../../../records/suspect.js";
import { isScriptComponent } from "./spectrum.js";
import { skillOfComponent } from "./sites.js";

/** Shortest section body (normalised) that counts as a shared resource. */
export const MIN_SHARED = 40;

const normalised = (text: string) => text.split("\n").slice(1).join(" ").replace(/\s+/g, " ").trim();

/** The other components holding the same text as `component` in `bank`; empty when none. */
export function copiesOf(component: string, bank: SkillBank): string[] {
  const skill = bank.skills.find((s) => s.name === skillOfComponent(component));
  if (!skill) return [];
  if (isScriptComponent(component)) {
    const rest = component.slice(skill.name.length + 1);
    const file = bank.files.find((f) => f.path === `${skill.dir}/${rest}`);
    if (!file) return [];
    return bank.skills
      .filter((s) => s.name !== skill.name)
      .filter((s) => bank.files.some((f) => f.path === `${s.dir}/${rest}` && sameBytes(f.bytes, file.bytes)))
      .map((s) => `${s.name}/${rest}`);
  }
  const hash = component.indexOf("#");
  if (hash < 0) return [];
  const section = findSection(splitSections(skill.body).sections, component.slice(hash + 1));
  const text = section ? normalised(section.text) : "";
  if (text.length < MIN_SHARED) return [];
  return bank.skills
    .filter((s) => s.name !== skill.name)
    .flatMap((s) => {
      const same = splitSections(s.body).sections.find((x) => normalised(x.text) === text);
      return same ? [`${s.name}#${same.title}`] : [];
    });
}

/** Section and tool sites whose text other skills hold too, retyped `shared` with their copies. */
export function withSharedSites(sites: readonly Suspect[], bank: SkillBank): Suspect[] {
  return sites.map((s) => {
    if (s.kind !== "section" && s.kind !== "tool") return s;
    const also = copiesOf(s.component, bank);
    return also.length ? { ...s, kind: "shared" as const, also } : s;
  });
}
