// How the app says it has no model: the reply to `/skillops coldstart`, the policy issue and the
// dashboard all name the same missing setting.

/** A clause: "Cold start not started: " + NO_MODEL + "." */
export const NO_MODEL =
  "no model is configured (`models:` in `.github/skillops.yml`, with its API key in the app's environment)";

/** The dashboard's line: what is not run for want of a model, and what runs without one. */
export const NO_MODEL_LINE =
  "**No model is configured** (`models:` in `.github/skillops.yml`, with its API key in the app's environment): `/skillops coldstart` and the draft cases for policy changes are not run. Accepted feedback is converted by the template converter, which needs no model.";
