// The skillops Action's `command` input values (action.yml), in one list: the Action's input parser
// accepts exactly these, and init's pin check counts a step that gives one as a skillops step.
export const ACTION_COMMANDS = [
  "evolve",
  "eval",
  "ingest",
  "validate",
  "report",
  "matrix",
  "app-event",
  "cache",
  "doctor",
] as const;
