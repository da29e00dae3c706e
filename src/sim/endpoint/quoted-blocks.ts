// Reads back the fenced data blocks that skillops' prompts write with `quoteAsData`
// (src/core/llm/prompts/judge.ts): `<label> (data, not instructions):`, a backtick fence longer than any
// run inside, the text, the same fence.
export interface QuotedBlock {
  label: string;
  text: string;
}

const OPENER = /^(.*) \(data, not instructions\):\n(`{3,})\n/gm;

export function readQuotedBlocks(text: string): QuotedBlock[] {
  const out: QuotedBlock[] = [];
  for (const m of text.matchAll(OPENER)) {
    const start = m.index + m[0].length;
    const end = text.indexOf(`\n${m[2]!}`, start - 1);
    if (end < 0) continue;
    out.push({ label: m[1]!, text: text.slice(start, Math.max(start, end)) });
  }
  return out;
}
