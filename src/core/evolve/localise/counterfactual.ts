// The counterfactual bank of a suspected site (SkillSmith §3.3, confirmation): the parent's bank with
// the site reverted to what the parent's parent had there when that differs, else with the site
// masked: a section cut out of its SKILL.md, a skill hidden from the agent (the exposure list), a
// script deleted. Undefined when the site is not in the bank. Pure.
import { replaceSkillSource } from "../../bank/bank.js";
import { exposedSkills, withExposure } from "../../bank/exposure.js";
import { findSection, splitSections } from "../../bank/sections.js";
import type { Skill, SkillBank } from "../../bank/skill.js";
import { sameBytes } from "../../bank/same-bytes.js";
import { applyBundle } from "../tools/tool-bundle.js";
import { skillOfComponent } from "./sites.js";
import { isScriptComponent } from "./spectrum.js";

export interface Counterfactual {
  bank: SkillBank;
  action: "masked" | "reverted";
}

/** `scope`: the skills in view, so masking a skill hides it from exactly what the agent saw. */
export function counterfactualOf(
  component: string,
  parent: SkillBank,
  grandparent: SkillBank | undefined,
  scope: readonly string[],
): Counterfactual | undefined {
  const skill = parent.skills.find((s) => s.name === skillOfComponent(component));
  if (!skill) return undefined;
  const older = grandparent?.skills.find((s) => s.name === skill.name);
  if (isScriptComponent(component)) return scriptCounterfactual(component, skill, parent, grandparent);
  const hash = component.indexOf("#");
  if (hash >= 0) return sectionCounterfactual(component.slice(hash + 1), skill, older, parent);
  if (older && older.source !== skill.source)
    return { bank: replaceSkillSource(parent, skill.name, older.source), action: "reverted" };
  const shown = exposedSkills(
    parent,
    scope.map((name) => ({ name })),
  ).map((s) => s.name);
  return {
    bank: withExposure(
      parent,
      shown.filter((n) => n !== skill.name),
    ),
    action: "masked",
  };
}

function sectionCounterfactual(
  title: string,
  skill: Skill,
  older: Skill | undefined,
  parent: SkillBank,
): Counterfactual | undefined {
  const section = findSection(splitSections(skill.body).sections, title);
  const at = section ? skill.source.indexOf(section.text) : -1;
  if (!section || at < 0) return undefined;
  const was = older ? findSection(splitSections(older.body).sections, title) : undefined;
  const reverted = was !== undefined && was.text !== section.text;
  const replacement = reverted ? was.text : "";
  const source = skill.source.slice(0, at) + replacement + skill.source.slice(at + section.text.length);
  return { bank: replaceSkillSource(parent, skill.name, source), action: reverted ? "reverted" : "masked" };
}

function scriptCounterfactual(
  component: string,
  skill: Skill,
  parent: SkillBank,
  grandparent: SkillBank | undefined,
): Counterfactual | undefined {
  const path = `${skill.dir}/${component.slice(skill.name.length + 1)}`;
  const file = parent.files.find((f) => f.path === path);
  if (!file) return undefined;
  const was = grandparent?.files.find((f) => f.path === path);
  if (was && !sameBytes(was.bytes, file.bytes))
    return {
      bank: applyBundle(parent, [{ path, content: new TextDecoder().decode(was.bytes) }]),
      action: "reverted",
    };
  return { bank: applyBundle(parent, [{ path, content: null }]), action: "masked" };
}
