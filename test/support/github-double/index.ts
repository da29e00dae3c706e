// The local GitHub double: see docs/github-app.md ("Testing against the GitHub double").
export { createGitHubDouble } from "./server.js";
export { notFound, page, validationFailed } from "./responses.js";
export type {
  DoubleRequest,
  DoubleResponse,
  Fault,
  GitHubDouble,
  GitHubDoubleOptions,
  RecordedRequest,
  Route,
} from "./route.js";
export { DoubleState } from "./state.js";
export type { CommentRecord, IssueRecord, LabelRecord, Permission, UserRecord } from "./state.js";
export { toComment, toIssue, toLabel, toReaction, toRepository, toUser } from "./shapes.js";
export { openApiValidator } from "./openapi.js";
export { INSTALLATION_ID, commentPayload, example, issuesPayload, runCompletedPayload } from "./webhooks.js";
export { WEBHOOK_SECRET, createProbotOnDouble, deliver, testPrivateKey } from "./probot.js";
