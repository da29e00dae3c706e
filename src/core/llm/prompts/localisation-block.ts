// The diagnoser prompt's "Where the failing runs went" block: the Ochiai ranking of the parent's
// skills and sections, with its evidence, one numbered line per component. Quoted as data (skill and
// heading names come from the bank); the simulated endpoint reads the lines back (readSuspectLines).

export interface SuspectLine {
  component: string;
  score: number;
  ef: number;
  ep: number;
  failing: number;
  /** Failing cases of this batch whose runs touched it. */
  cases: readonly string[];
}

export const LOCALISATION_LABEL =
  "Where the failing runs went (fault localisation over the current skills' agent runs; `skill#section` is one ## section)";

const LINE =
  /^\d+\. (.+?) — Ochiai ([\d.]+): (\d+) of (\d+) failing runs went through it, (\d+) passing runs did; this batch's failing cases there: (.*)$/;

export function renderSuspectLines(suspects: readonly SuspectLine[]): string {
  return suspects
    .map(
      (s, i) =>
        `${i + 1}. ${s.component} — Ochiai ${s.score.toFixed(2)}: ${s.ef} of ${s.failing} failing runs went through it, ${s.ep} passing runs did; this batch's failing cases there: ${s.cases.join(", ") || "none"}`,
    )
    .join("\n");
}

export function readSuspectLines(text: string): SuspectLine[] {
  return text.split("\n").flatMap((line) => {
    const m = LINE.exec(line);
    if (!m) return [];
    const cases = m[6] === "none" ? [] : m[6]!.split(", ");
    return [
      {
        component: m[1]!,
        score: Number(m[2]),
        ef: Number(m[3]),
        failing: Number(m[4]),
        ep: Number(m[5]),
        cases,
      },
    ];
  });
}
