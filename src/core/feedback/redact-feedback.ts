// Feedback is redacted before a converter reads it (docs/security.md "Secrets in untrusted text"):
// the title and every form field, so no secret a reporter pasted reaches the classifier's or
// the converter's prompt, and what the converter answers is redacted again before it becomes a case,
// a knowledge entry or a failure reason on the issue. Every conversion goes through here.
import { joinKinds, redactDeep, redactSecrets } from "../../vocabulary/redact-secrets.js";
import { redactCase } from "../cases/redact-case.js";
import type { Conversion, Converter, FeedbackSource } from "./to-case.js";

/** The conversion with nothing secret left in it, saying what `earlier` (the source's kinds) and it held. */
export function redactConversion(c: Conversion, earlier: readonly string[]): Conversion {
  if (c.kind === "failed") return { ...c, reason: redactSecrets(c.reason).value };
  if (c.kind === "case")
    return { ...c, case: redactCase(c.case, earlier), ...redactedInjection(c.injection) };
  const { value, kinds } = redactDeep({ entry: c.entry, reason: c.reason });
  const redacted = joinKinds(c.redacted, earlier, kinds);
  return {
    ...c,
    ...value,
    ...redactedInjection(c.injection),
    ...(redacted.length ? { redacted } : {}),
  };
}

const redactedInjection = (injection: string | undefined) =>
  injection === undefined ? {} : { injection: redactSecrets(injection).value };

/** `converter.convert` on the redacted source, its answer redacted in turn. */
export async function convertRedacted(
  converter: Converter,
  source: FeedbackSource,
  now: string,
): Promise<Conversion> {
  const { value, kinds } = redactDeep(source);
  return redactConversion(await converter.convert(value, now), kinds);
}
