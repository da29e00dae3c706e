// Answers that are not usable chat completions: a body cut off mid-way, no choices, a choice with
// no message, tool calls that are not a list. Each becomes a `bad-response` failure, never a crash.

/** The connection closed mid-body (undici reports "terminated", with the socket error as cause). */
export function isCutOff(err: unknown): err is Error {
  if (!(err instanceof TypeError)) return false;
  const code = (err.cause as { code?: unknown } | undefined)?.code;
  return err.message === "terminated" || (typeof code === "string" && code.startsWith("UND_ERR"));
}

const shown = (x: unknown) => (typeof x === "string" ? x : String(JSON.stringify(x))).slice(0, 200);

/** Why `x` is not a usable chat completion (first choice with a message), or undefined when it is. */
export function completionProblem(x: unknown): string | undefined {
  if (typeof x !== "object" || x === null || !Array.isArray((x as { choices?: unknown }).choices))
    return `the endpoint answered something that is not a chat completion: ${shown(x)}`;
  const choice = (x as { choices: unknown[] }).choices[0] as { message?: unknown } | null | undefined;
  if (choice === undefined) return "the endpoint answered a chat completion with no choices";
  if (typeof choice !== "object" || choice === null || typeof choice.message !== "object" || !choice.message)
    return `the endpoint answered a choice with no message: ${shown(choice)}`;
  const calls = (choice.message as { tool_calls?: unknown }).tool_calls;
  if (calls !== undefined && calls !== null && !Array.isArray(calls))
    return `the endpoint answered tool_calls that are not a list: ${shown(calls)}`;
  return undefined;
}
