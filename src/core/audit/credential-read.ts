// Exfiltration in scripts (docs/audit.md "Exfiltration"): an added script line that reads a
// credential-like environment variable (`os.environ["GITHUB_TOKEN"]`, `os.getenv("OPENAI_API_KEY")`,
// `process.env.NPM_TOKEN`, `$AWS_SECRET_ACCESS_KEY`) or takes the whole environment (`os.environ`
// iterated or printed, `process.env` whole, `printenv`, `env`). A variable the skill's base version
// already reads is not flagged again. Regexes over lines, not a parser: a name built at run time
// (`os.environ[name]`) is not seen.
import type { AuditInput } from "./audit-input.js";
import { addedCodeLines, skillLines, type CodeLine } from "./code-lines.js";
import { isCredentialName } from "./credential-names.js";
import { quoteEvidence, type RawFinding } from "./finding.js";
import type { ScriptLanguage } from "./script-patterns.js";

/** What a line reads: a variable's name, or `*` for the whole environment. */
export interface EnvRead {
  name: string;
  text: string;
}

const WHOLE = "*";

const NAMED: Record<ScriptLanguage, readonly RegExp[]> = {
  python: [
    /\benviron\s*\[\s*[rbu]?(["'])([^"'\n]+)\1\s*\]/g,
    /\benviron\.(?:get|pop|setdefault)\s*\(\s*[rbu]?(["'])([^"'\n]+)\1/g,
    /\bgetenvb?\s*\(\s*[rbu]?(["'])([^"'\n]+)\1/g,
  ],
  js: [/\bprocess\.env\.()([A-Za-z_]\w*)/g, /\bprocess\.env\s*\[\s*(["'`])([^"'`\n]+)\1\s*\]/g],
  shell: [/\$\{?()([A-Z_][A-Z0-9_]*)/g, /\bprintenv\s+()([A-Za-z_]\w*)/g],
};

/** The whole environment taken at once; passing it on to a child process (`env=os.environ`) is not. */
const WHOLE_ENV: Record<ScriptLanguage, readonly RegExp[]> = {
  python: [
    /\benviron\.(?:items|keys|values)\s*\(/,
    /^(?!\s*(?:from|import)\b).*?(?<!\*\*\s*|\benv\s*=\s*|[\w.])((?:os\.)?environ\b)(?!\s*(?:[[.]|=[^=]))/,
  ],
  js: [/(?<!\.\.\.\s*|\benv\s*:\s*|\}\s*=\s*)\bprocess\.env\b(?!\s*[[.])/],
  shell: [/(?:^|[;&|(`]|\$\()\s*(?:env|printenv|set|export\s+-p|declare\s+-x)\s*(?=$|[|>;&)`])/],
};

const ANY = /\/proc\/\S*\/environ\b/;

/** JS destructuring: `const { GITHUB_TOKEN, X: y } = process.env`. */
const DESTRUCTURED = /\{([^}]*)\}\s*=\s*process\.env\b/;

function destructured(text: string): string[] {
  const m = DESTRUCTURED.exec(text);
  if (!m) return [];
  return m[1]!
    .split(",")
    .map((part) => part.split(/[:=]/)[0]!.trim())
    .filter(Boolean);
}

function readsIn(text: string, lang: ScriptLanguage): EnvRead[] {
  const out: EnvRead[] = [];
  for (const re of NAMED[lang]) for (const m of text.matchAll(re)) out.push({ name: m[2]!, text: m[0] });
  if (lang === "js") for (const name of destructured(text)) out.push({ name, text: name });
  const whole = WHOLE_ENV[lang].map((re) => re.exec(text)).find(Boolean);
  if (whole) out.push({ name: WHOLE, text: (whole[1] ?? whole[0]).trim() });
  return out;
}

/** The credential-like variables a script line reads, and `*` when it takes the whole environment. */
export function credentialReads(line: Pick<CodeLine, "text" | "lang">): EnvRead[] {
  const langs: ScriptLanguage[] = line.lang ? [line.lang] : ["python", "js", "shell"];
  const reads = langs.flatMap((l) => readsIn(line.text, l));
  const any = ANY.exec(line.text);
  if (any) reads.push({ name: WHOLE, text: any[0] });
  return reads.filter((r) => r.name === WHOLE || isCredentialName(r.name));
}

const describe = (r: EnvRead) =>
  r.name === WHOLE
    ? `takes the whole environment (\`${r.text}\`)`
    : `reads the credential-like variable ${r.name}`;

export function checkCredentialRead(input: AuditInput): RawFinding[] {
  const known = new Map<string, Set<string>>();
  const knownIn = (skill: string) => {
    let set = known.get(skill);
    if (!set) {
      const lines = skillLines(input.base, skill).filter((l) => l.kind === "script");
      known.set(skill, (set = new Set(lines.flatMap((l) => credentialReads(l).map((r) => r.name)))));
    }
    return set;
  };
  const out: RawFinding[] = [];
  for (const a of addedCodeLines(input.base, input.candidate)) {
    if (a.kind !== "script") continue;
    const read = credentialReads(a).find((r) => !knownIn(a.skill).has(r.name));
    if (!read) continue;
    out.push({
      check: "credentialRead",
      severity: "error",
      skill: a.skill,
      file: a.file,
      line: a.line,
      evidence: `${describe(read)} that the skill's base version does not read: ${quoteEvidence(a.text)}`,
    });
  }
  return out;
}
