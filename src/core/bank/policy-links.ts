// `metadata.policy` back-links checked against the policy files they name: a `FILE#anchor` whose
// FILE is readable but has no heading with that GitHub anchor is broken. Shared by `validate` (a
// diagnostic) and the audit's edit-validity check (a finding). Pure: the caller reads the files.
import type { Diagnostic } from "./diagnostic.js";
import { headingAnchors } from "./policy-headings.js";
import type { Skill } from "./skill.js";
import { skillFile, splitList } from "./validate.js";

export interface UnresolvedLink {
  link: string;
  path: string;
  anchor: string;
}

/** Every policy file the skills' back-links name (without the `#anchor`), in first-seen order. */
export function linkedPolicyFiles(skills: readonly Skill[]): string[] {
  const paths = skills.flatMap((s) => splitList(s.frontmatter.metadata?.policy).map((l) => l.split("#")[0]!));
  return [...new Set(paths.filter((p) => p !== ""))];
}

/** The skill's back-links whose file is known (in `policies`) and has no heading of that anchor. */
export function unresolvedPolicyLinks(
  skill: Pick<Skill, "frontmatter">,
  policies: Readonly<Record<string, string>>,
): UnresolvedLink[] {
  return splitList(skill.frontmatter.metadata?.policy).flatMap((link) => {
    const [path, anchor] = link.split("#");
    const text = path ? policies[path] : undefined;
    if (text === undefined || !anchor || headingAnchors(text).has(anchor.toLowerCase())) return [];
    return [{ link, path: path!, anchor }];
  });
}

export function policyLinkDiagnostics(
  skills: readonly Skill[],
  policies: Readonly<Record<string, string>>,
): Diagnostic[] {
  return skills.flatMap((skill) => {
    const line = skill.source.split("\n").findIndex((l) => l.trimStart().startsWith("policy:")) + 1;
    return unresolvedPolicyLinks(skill, policies).map((u) => ({
      file: skillFile(skill),
      line,
      severity: "error" as const,
      code: "SKILL_POLICY_ANCHOR",
      message: `metadata.policy ${u.link}: ${u.path} has no heading with the anchor #${u.anchor} (removed or renamed?)`,
    }));
  });
}
