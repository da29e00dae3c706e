// The Node.js the CLI needs, checked before anything else loads (bin/skillops.js): package.json's
// `engines.node` is a promise npm only warns about, and under an older Node the CLI would run until
// some newer API failed deep inside a command. The range is read from package.json, so the check
// and the promise are one field; only the `>=X[.Y[.Z]]` form is understood, and anything else is
// an error here rather than a check that silently passes.

export interface NodeVersionProblem {
  required: string;
  running: string;
  message: string;
}

const MINIMUM = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/;

function parts(version: string): [number, number, number] {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!m) throw new Error(`not a Node.js version: "${version}"`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** Undefined when `running` (process.versions.node) satisfies `range` (engines.node); else what to say. */
export function nodeVersionProblem(running: string, range: string): NodeVersionProblem | undefined {
  const m = MINIMUM.exec(range.trim());
  if (!m)
    throw new Error(`package.json engines.node "${range}" is not of the form ">=MAJOR[.MINOR[.PATCH]]"`);
  const want = [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
  const have = parts(running);
  const order = have.map((h, i) => h - want[i]!).find((d) => d !== 0) ?? 0;
  if (order >= 0) return undefined;
  const major = want[0]!;
  return {
    required: range,
    running,
    message: [
      `skillops needs Node.js ${range} (package.json engines.node); this is Node.js ${running}.`,
      `Install Node.js ${major} from https://nodejs.org/en/download (or \`nvm install ${major}\`, \`fnm use ${major}\`, \`volta install node@${major}\`).`,
      `In a clone of skillops, \`npm run skillops -- …\` runs on the Node.js ${major} that its dev dependencies bring (the \`node\` package), whatever the system Node.js is.`,
    ].join("\n"),
  };
}
