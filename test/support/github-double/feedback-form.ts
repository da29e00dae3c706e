// A feedback issue body exactly as GitHub renders the issue form (.github/ISSUE_TEMPLATE/feedback.yml).
export function formBody(f: {
  did: string;
  expected: string;
  evidence: string;
  category: string;
  skill?: string;
}): string {
  return [
    "### What the agent did",
    "",
    f.did,
    "",
    "### What it should have done",
    "",
    f.expected,
    "",
    "### Input or evidence",
    "",
    f.evidence,
    "",
    "### Category",
    "",
    f.category,
    "",
    "### Skill (optional)",
    "",
    f.skill ?? "_No response_",
  ].join("\n");
}
