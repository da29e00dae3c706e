// Finds the agent's ModelNew source in its answer: a fenced Python block, a `solution` field, or the
// whole text. Pure: the answer is untrusted text and is only ever written to a file for the harness.

const FENCE = /```(?:python|py)?[ \t]*\n([\s\S]*?)```/g;

export type Extracted = { ok: true; source: string } | { ok: false; reason: string };

function fromText(text: string): Extracted {
  const blocks = [...text.matchAll(FENCE)].map((m) => m[1] ?? "");
  // The last block that defines ModelNew wins: agents often show the reference first.
  const withModel = blocks.filter((b) => /class\s+ModelNew\b/.test(b));
  const chosen =
    withModel.at(-1) ?? (/class\s+ModelNew\b/.test(text) && blocks.length === 0 ? text : undefined);
  if (chosen === undefined)
    return {
      ok: false,
      reason: "the answer defines no `class ModelNew` (in a ```python block or as plain source)",
    };
  return { ok: true, source: chosen.endsWith("\n") ? chosen : `${chosen}\n` };
}

export function extractSolution(output: unknown): Extracted {
  if (typeof output === "string") return fromText(output);
  if (output !== null && typeof output === "object") {
    const o = output as Record<string, unknown>;
    for (const key of ["solution", "code", "answer"]) {
      if (typeof o[key] === "string") return fromText(o[key]);
    }
    return { ok: false, reason: "the answer is an object without a `solution` string" };
  }
  return {
    ok: false,
    reason: `the answer is ${output === null ? "empty" : typeof output}, not ModelNew source`,
  };
}
