// The one example skill `skillops init` puts in a new bank: a valid Agent Skills folder that shows
// the shape (frontmatter, when to use, steps, a worked example) and is meant to be replaced.
export const EXAMPLE_SKILL_NAME = "example-skill";

export const EXAMPLE_SKILL = `---
name: ${EXAMPLE_SKILL_NAME}
description: Example skill created by skillops init. Replace it with one of your agent's real skills; say here, in one or two sentences, what the skill does and when the agent should load it.
license: MIT
metadata:
  tags: example
---

# Example skill

Use this skill when a user asks how to write a skill for this bank.

## Steps

1. Name the task the skill covers and the situations that call for it.
2. List the rules the agent must follow, one per line, most important first.
3. Give one short worked example of a correct answer.

## Example

A user asks: "What goes in a skill?" Answer with the three steps above, in order.
`;
