// A policy file as cold start reads it, checked before any model is asked: text (UTF-8, no NUL
// bytes), not empty, with at least one Markdown heading, and under the character cap the segmenter's
// context allows. Each refusal names the file and what is wrong.
import { decodeUtf8 } from "../bank/bank.js";
import { readHeadings, type Heading } from "../bank/policy-headings.js";

/** Most characters of one policy document sent to the segmenter (about 50k tokens). */
export const POLICY_CHAR_CAP = 200_000;
/** Most characters of policy text under one segment's headings sent to the skill writer (about 6k tokens). */
export const SEGMENT_CHAR_CAP = 24_000;

export interface PolicyDocument {
  /** The path as given on the command line, with `/` separators: the FILE of `FILE#slug` back-links. */
  file: string;
  text: string;
  headings: Heading[];
}

export class PolicyInputError extends Error {}

export function readPolicyDocument(file: string, bytes: Uint8Array): PolicyDocument {
  const text = decodeUtf8(bytes);
  if (text === undefined || text.includes("\u0000"))
    throw new PolicyInputError(`${file}: not a text file (it is not UTF-8 or holds NUL bytes)`);
  if (text.trim() === "") throw new PolicyInputError(`${file}: the policy is empty`);
  if (text.length > POLICY_CHAR_CAP)
    throw new PolicyInputError(
      `${file}: the policy is ${text.length} characters; cold start sends at most ${POLICY_CHAR_CAP} to the segmenter (split the file)`,
    );
  const headings = readHeadings(text);
  if (headings.length === 0)
    throw new PolicyInputError(
      `${file}: no Markdown headings; cold start splits a policy along its headings (#, ##, ###), so add them`,
    );
  return { file: file.replace(/\\/g, "/"), text, headings };
}
