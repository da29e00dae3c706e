// Reads back, as data, the two blocks of the diagnoser prompt the simulated diagnoser heeds: "Already
// tried and refused" with its `skill:` line and its `-`/`+` lines (renderTried), and
// "Best and worst run of <case>" (renderContrast). Only our own block structure is parsed; a line
// that does not fit it is ignored.
import { CONTRAST_LABEL, type Contrast, type RunSketch } from "../../core/llm/prompts/contrast-block.js";
import {
  TRAJECTORY_LABEL,
  type AlignedStep,
  type AlignedTrajectory,
} from "../../core/llm/prompts/trajectory-block.js";
import { TRIED_LABEL } from "../../core/llm/prompts/diagnoser.js";
import type { TriedChange } from "../tried-in-world.js";
import type { QuotedBlock } from "./quoted-blocks.js";

export function readTried(block: QuotedBlock): TriedChange | undefined {
  if (!block.label.startsWith(TRIED_LABEL)) return undefined;
  const lines = block.text.split("\n");
  const skill = lines.find((l) => l.startsWith("skill: "))?.slice("skill: ".length);
  if (skill === undefined) return undefined;
  const taken = (sign: string) => lines.filter((l) => l.startsWith(`${sign} `)).map((l) => l.slice(2));
  return { skill, removed: taken("-"), added: taken("+") };
}

/** The case id and its contrast, from a "Best and worst run of <id>" block. */
export function readContrast(block: QuotedBlock): { id: string; contrast: Contrast } | undefined {
  if (!block.label.startsWith(`${CONTRAST_LABEL} `)) return undefined;
  const id = block.label.slice(CONTRAST_LABEL.length + 1);
  const sketches = new Map(
    block.text.split("\n").flatMap((line) => {
      const s = readSketch(line);
      return s ? [s] : [];
    }),
  );
  const best = sketches.get("best");
  const worst = sketches.get("worst");
  return best && worst ? { id, contrast: { best, worst } } : undefined;
}

const list = (text: string, none: string) => (text === none ? [] : text.split(", "));

function readSketch(line: string): [string, RunSketch] | undefined {
  const m =
    /^(best|worst): run (\d+), (passed|failed)(?:; strategy (\S+))?; loaded (.*?); read (.*?)(?:; error: .*)?$/.exec(
      line,
    );
  if (!m) return undefined;
  return [
    m[1]!,
    {
      runIndex: Number(m[2]) - 1,
      passed: m[3] === "passed",
      ...(m[4] ? { hint: m[4] } : {}),
      skillsLoaded: list(m[5]!, "no skill"),
      sectionsRead: list(m[6]!, "no section"),
    },
  ];
}

const SIDES: Readonly<Record<string, AlignedStep["side"]>> = { "=": "both", "+": "best", "-": "worst" };

/** The aligned steps a "Trajectories of the best and worst run of <id>" block shows (only those). */
export function readTrajectory(
  block: QuotedBlock,
): { id: string; trajectory: AlignedTrajectory } | undefined {
  if (!block.label.startsWith(`${TRAJECTORY_LABEL} `)) return undefined;
  const steps = block.text.split("\n").flatMap((line): AlignedStep[] => {
    const side = SIDES[line.slice(0, 2).trim()];
    return side && line[1] === " " ? [{ side, step: line.slice(2) }] : [];
  });
  const divergence = steps.findIndex((s) => s.side !== "both");
  return {
    id: block.label.slice(TRAJECTORY_LABEL.length + 1),
    trajectory: divergence < 0 ? { steps } : { steps, divergence },
  };
}
