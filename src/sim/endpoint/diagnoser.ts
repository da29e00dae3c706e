// The simulated diagnoser behind the endpoint: reads the skills and failure records from the
// rendered diagnoser prompt (src/core/llm/prompts/diagnoser.ts) and decides as the in-process role does
// (diagnose-in-world.ts), seeded by the world seed and the request; the "Where the failing runs
// went" block, when the prompt has one, is its fault localisation; the "Already tried" blocks are the
// edits it must not propose again, and a case's "Best and worst run" block is its contrast.
import type { DiagnoserAnswer } from "../../core/llm/prompts/diagnoser.js";
import {
  LOCALISATION_LABEL,
  readSuspectLines,
  type SuspectLine,
} from "../../core/llm/prompts/localisation-block.js";
import { deriveRng } from "../../vocabulary/rng.js";
import { diagnoseInWorld, type DiagnosedCase, type DiagnosedSkill } from "../diagnose-in-world.js";
import { userText, type ChatRequestBody } from "./chat-request.js";
import { requestDigest } from "./completion.js";
import type { TriedChange } from "../tried-in-world.js";
import { readContrast, readTrajectory, readTried } from "./diagnoser-input.js";
import type { AlignedTrajectory } from "../../core/llm/prompts/trajectory-block.js";
import { readQuotedBlocks } from "./quoted-blocks.js";
import type { WorldIndex } from "../world-index.js";

export function answerDiagnoser(index: WorldIndex, body: ChatRequestBody): DiagnoserAnswer {
  const skills: DiagnosedSkill[] = [];
  const cases: DiagnosedCase[] = [];
  const localisation: SuspectLine[] = [];
  const tried: TriedChange[] = [];
  const contrasts = new Map<string, DiagnosedCase["contrast"]>();
  const trajectories = new Map<string, AlignedTrajectory>();
  for (const b of readQuotedBlocks(userText(body))) {
    const t = readTried(b);
    if (t) tried.push(t);
    const contrast = readContrast(b);
    if (contrast) contrasts.set(contrast.id, contrast.contrast);
    const aligned = readTrajectory(b);
    if (aligned) trajectories.set(aligned.id, aligned.trajectory);
    if (b.label === LOCALISATION_LABEL) localisation.push(...readSuspectLines(b.text));
    const skill = /^Skill (\S+) \(SKILL\.md\)$/.exec(b.label);
    if (skill) skills.push({ name: skill[1]!, source: b.text });
    const record = /^Failure record (\S+) \[category [^\]]*?(; the current skills (pass|fail) it)?\]$/.exec(
      b.label,
    );
    if (record)
      cases.push({
        id: record[1]!,
        diagnosis: b.text,
        ...(record[3] ? { parentPassed: record[3] === "pass" } : {}),
      });
  }
  const rng = deriveRng(index.world.seed, `endpoint-diagnoser:${requestDigest(body)}`);
  const withContrast = cases.map((c) => {
    const contrast = c.id === undefined ? undefined : contrasts.get(c.id);
    const trajectory = c.id === undefined ? undefined : trajectories.get(c.id);
    return contrast ? { ...c, contrast: trajectory ? { ...contrast, trajectory } : contrast } : c;
  });
  const proposal = diagnoseInWorld(index.world, skills, withContrast, rng, { localisation, tried });
  return { root_cause: proposal.rootCause, targets: proposal.targets, plans: proposal.plans };
}
