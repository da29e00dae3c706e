// The simulated diagnoser behind the endpoint: reads the skills and failure records from the
// rendered diagnoser prompt (src/llm/prompts/diagnoser.ts) and decides as the in-process role does
// (diagnose-in-world.ts), seeded by the world seed and the request; the "Where the failing runs
// went" block, when the prompt has one, is its fault localisation.
import type { DiagnoserAnswer } from "../../llm/prompts/diagnoser.js";
import {
  LOCALISATION_LABEL,
  readSuspectLines,
  type SuspectLine,
} from "../../llm/prompts/localisation-block.js";
import { deriveRng } from "../../random/rng.js";
import { diagnoseInWorld, type DiagnosedCase, type DiagnosedSkill } from "../diagnose-in-world.js";
import { userText, type ChatRequestBody } from "./chat-request.js";
import { requestDigest } from "./completion.js";
import { readQuotedBlocks } from "./quoted-blocks.js";
import type { WorldIndex } from "./world-index.js";

export function answerDiagnoser(index: WorldIndex, body: ChatRequestBody): DiagnoserAnswer {
  const skills: DiagnosedSkill[] = [];
  const cases: DiagnosedCase[] = [];
  const localisation: SuspectLine[] = [];
  for (const b of readQuotedBlocks(userText(body))) {
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
  const proposal = diagnoseInWorld(index.world, skills, cases, rng, localisation);
  return { root_cause: proposal.rootCause, targets: proposal.targets, plans: proposal.plans };
}
