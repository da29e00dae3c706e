// Exfiltration's way out (docs/audit.md "Exfiltration"): an added line, in a script or in prose the
// agent follows, that opens a network connection of a kind the skill's base version never opens:
// `curl`, `wget`, netcat, python `requests`/`urllib`/`http.client`/`socket`/`httpx`/`aiohttp`, JS
// `fetch`/`http(s).request`/`axios`/`net`. A skill that already fetched with `requests` may add more
// `requests` calls; a first `curl` in it is flagged.
import type { AuditInput } from "./audit-input.js";
import { addedCodeLines, skillLines } from "./code-lines.js";
import { quoteEvidence, type RawFinding } from "./finding.js";

/** Each way to reach the network, by the name a finding gives it. */
const FETCHES: readonly [string, RegExp][] = [
  ["curl", /(?<![\w-])curl\b(?![-\w])/],
  ["wget", /\bwget\b/],
  ["netcat", /\b(?:nc|ncat|netcat)\s+(?:-\w+\s+)*[\w.-]+\s+\d{1,5}\b|\/dev\/(?:tcp|udp)\//],
  [
    "python requests",
    /\brequests\.(?:get|post|put|patch|delete|head|options|request|Session)\b|^\s*(?:import|from)\s+requests\b/,
  ],
  [
    "urllib",
    /\burlopen\s*\(|\burlretrieve\s*\(|\burllib\d?\.request\b|\bfrom\s+urllib\d?\s+import\s+request\b/,
  ],
  ["http.client", /\bhttp\.client\b|\bHTTPS?Connection\s*\(|\bhttplib\d?\b/],
  ["socket", /^\s*(?:import|from)\s+socket\b|\bsocket\.(?:socket|create_connection)\s*\(/],
  ["httpx/aiohttp", /\b(?:httpx|aiohttp)\b/],
  ["fetch", /(?<![.\w])fetch\s*\(/],
  [
    "http(s).request",
    /\bhttps?\.(?:request|get)\s*\(|\brequire\s*\(\s*["'](?:node:)?https?["']\s*\)|\bfrom\s+["'](?:node:)?https?["']/,
  ],
  ["axios", /\baxios\b|\bXMLHttpRequest\b/],
  [
    "node net",
    /\bnet\.(?:connect|createConnection)\s*\(|\brequire\s*\(\s*["'](?:node:)?(?:net|dgram)["']\s*\)/,
  ],
];

/** The kinds of network access a line opens. */
export function fetchKinds(text: string): string[] {
  return FETCHES.filter(([, re]) => re.test(text)).map(([kind]) => kind);
}

export function checkNetworkFetch(input: AuditInput): RawFinding[] {
  const known = new Map<string, Set<string>>();
  const knownIn = (skill: string) => {
    let set = known.get(skill);
    if (!set)
      known.set(skill, (set = new Set(skillLines(input.base, skill).flatMap((l) => fetchKinds(l.text)))));
    return set;
  };
  const out: RawFinding[] = [];
  for (const a of addedCodeLines(input.base, input.candidate)) {
    const kind = fetchKinds(a.text).find((k) => !knownIn(a.skill).has(k));
    if (!kind) continue;
    out.push({
      check: "networkFetch",
      severity: "error",
      skill: a.skill,
      file: a.file,
      line: a.line,
      evidence: `adds a network fetch (${kind}) the skill's base version does not make: ${quoteEvidence(a.text)}`,
    });
  }
  return out;
}
