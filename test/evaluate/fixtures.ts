// Builders for evaluation tests: cases through the real zod schema, skills as plain data.
import type { Skill } from "../../src/core/bank/skill.js";
import { Case, type RubricItem } from "../../src/records/case.js";

export function makeCase(
  id: string,
  opts: {
    category?: string;
    prompt?: string;
    rubric?: RubricItem[] | unknown[];
    files?: { path: string; content?: string }[];
  } = {},
): Case {
  return Case.parse({
    id,
    category: opts.category ?? "general",
    diagnosis: `diagnosis of ${id}`,
    task: {
      prompt: opts.prompt ?? `prompt of ${id}`,
      files: opts.files ?? [],
      rubric: opts.rubric ?? [{ type: "contains", value: "ok" }],
    },
    provenance: { channel: "manual", created: "2026-11-30T00:00:00Z" },
  });
}

export function makeSkill(
  name: string,
  description: string,
  body: string,
  extra: Partial<Skill> = {},
): Skill {
  const source = `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;
  return {
    name,
    dir: name,
    frontmatter: { name, description },
    body,
    source,
    auxiliary: [],
    knowledge: [],
    ...extra,
  };
}
