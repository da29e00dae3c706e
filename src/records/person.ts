// A commit's author or committer: who the app writes as (its bot identity) or who a person was.
export interface Person {
  name: string;
  email: string;
}
