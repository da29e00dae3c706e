// The fields of a `push` webhook payload the policy channel reads (docs/policy-channel.md).
export interface PushPayload {
  ref: string;
  before: string;
  after: string;
  repository: { default_branch: string };
  commits?: Array<{ added?: string[]; modified?: string[]; removed?: string[] }>;
}
