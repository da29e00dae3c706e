// The run report as one self-contained HTML page: inline CSS and SVG, no scripts, no network. Every
// figure from a simulated run carries the word "simulated".
import type { RunRecord } from "../../records/run-record.js";
import { escapeXml as e } from "./escape.js";
import { costText, interval, intervalText, SIMULATED_NOTE } from "./figures.js";
import { renderFrontierSvg } from "./frontier-svg.js";
import {
  CATEGORY_TABLE_NOTE,
  categoryRows,
  changeGroups,
  frontierRows,
  memberColumns,
  roleMark,
  runSpan,
  STOP_TEXT,
  timelineEntries,
} from "./sections.js";
import { noteLabel, type ScriptDiff, type SkillChangeText } from "./change-texts.js";
import type { RateWithInterval } from "../../records/rate-with-interval.js";
import { spendSentence } from "./spend-sentence.js";
import { shortCandidateId } from "../../records/candidate-id.js";
import { percent } from "../../vocabulary/percent.js";
import { BASELINE_PASS_NOTE, vsDeployedSentences } from "./baseline-sentence.js";

const CSS = `body{font:14px/1.45 system-ui,sans-serif;max-width:980px;margin:2em auto;padding:0 1em;color:#111}
h1{font-size:1.5em}h2{font-size:1.15em;margin-top:1.8em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left;vertical-align:top}
th{background:#f4f4f4}.sim{background:#fff3cd;border:1px solid #e0b000;padding:.5em 1em;font-weight:bold}
.ok{color:#1a7f37}.bad{color:#b00}.muted{color:#666}code{font:12px ui-monospace,monospace}ol.timeline>li{margin-bottom:.8em}`;

const sim = (record: RunRecord, text: string) => (record.simulated ? `${text} (simulated)` : text);
const rate = (r: RateWithInterval | undefined) =>
  r ? `${percent(r.rate)} <span class="muted">${e(intervalText(r))}</span>` : `<span class="muted">—</span>`;

function frontierTable(record: RunRecord): string {
  const rows = frontierRows(record).map((m) => {
    const mark = roleMark(m);
    return `<tr><td><code>${e(shortCandidateId(m.candidate))}</code>${mark ? ` <strong>${e(mark)}</strong>` : ""}</td><td>${m.born}</td><td>${e(m.operatingPoint)}</td><td>${percent(m.total.rate)} <span class="muted">${interval(m.total.low, m.total.high)}</span></td><td>${e(costText(m.cost, m.costEstimate))}</td><td>${m.total.n}</td></tr>`;
  });
  return `<table><tr><th>member</th><th>iteration</th><th>operating point</th><th>${sim(record, "pass rate")}</th><th>${sim(record, "cost")}</th><th>cases</th></tr>${rows.join("")}</table>`;
}

/** Each member's paired test against P₀; nothing for records that hold none. */
function vsBaseline(record: RunRecord): string {
  const items = record.frontier.flatMap((m) => {
    const said = vsDeployedSentences(m, record.confirmationSet);
    return said.length
      ? [
          `<li><code>${e(shortCandidateId(m.candidate))}</code>${m.selected ? " <strong>P*</strong>" : ""}: ${e(said.join(" "))}</li>`,
        ]
      : [];
  });
  if (items.length === 0) return "";
  return `<h2>${sim(record, "Better than the deployed bank?")}</h2>
<p class="muted">${e(BASELINE_PASS_NOTE)}</p><ul>${items.join("")}</ul>
`;
}

function categoriesTable(record: RunRecord): string {
  const head = memberColumns(record)
    .map((m) => `<th><code>${e(shortCandidateId(m.candidate))}</code>${m.selected ? " P*" : ""}</th>`)
    .join("");
  const rows = categoryRows(record).map(
    (r) =>
      `<tr><td>${e(r.category)}</td><td>${rate(r.baseline)}</td><td>${r.floor === undefined ? "—" : percent(r.floor)}</td>${r.members.map((m) => `<td>${rate(m.rate)}</td>`).join("")}</tr>`,
  );
  const p0 = `<code>${e(shortCandidateId(record.baseline.candidate))}</code> ${e(roleMark(frontierRows(record)[0]!))}`;
  return `<table><tr><th>category</th><th>${p0}</th><th>floor</th>${head}</tr>${rows.join("")}</table>`;
}

function timeline(record: RunRecord): string {
  const items = timelineEntries(record).map((t) => {
    const cls = t.verdict === "admitted" ? "ok" : t.verdict === "refused" ? "bad" : "muted";
    const head = `<strong>iteration ${t.t}</strong>: parent <code>${e(t.parent)}</code> → ${t.child ? `child <code>${e(t.child)}</code>, ${e(sim(record, t.measured ?? ""))}` : "no child"} — <span class="${cls}">gate: ${t.verdict}</span>${t.entered ? ", entered the frontier" : ""}${t.removed.length ? `, pushed out ${t.removed.map((r) => `<code>${e(r)}</code>`).join(", ")}` : ""}`;
    const vote = `<div class="muted">vote kept: ${e(t.kept.join(", ") || "none")}; dropped: ${e(t.dropped.join(", ") || "none")}</div>`;
    const reasons = t.reasons.length
      ? `<ul>${t.reasons.map((r) => `<li class="${r.includes("below floor") ? "bad" : ""}">${e(r)}</li>`).join("")}</ul>`
      : "";
    const note = t.note ? `<div class="muted">${e(t.note)}</div>` : "";
    return `<li>${head}${vote}${reasons}${note}</li>`;
  });
  return items.length
    ? `<ol class="timeline">${items.join("")}</ol>`
    : `<p class="muted">No iterations ran.</p>`;
}

function skillItem(s: SkillChangeText): string {
  const items = s.sentences.map((x) => `<li>${e(x)}</li>`);
  if (s.note) items.push(`<li class="muted"><em>${e(noteLabel(s.note.t))}:</em> ${e(s.note.text)}</li>`);
  return `<li><code>${e(s.name)}</code>: ${e(s.headline)}${items.length ? `<ul>${items.join("")}</ul>` : ""}</li>`;
}

/** A script's diff, open: what runs is never folded away. */
function scriptDiff(s: ScriptDiff): string {
  return s.patch
    ? `<details open><summary>Diff of the script <code>${e(s.path)}</code></summary><pre><code>${e(s.patch)}</code></pre></details>`
    : "";
}

function changes(record: RunRecord): string {
  const intro = `<p class="muted">Each member against the bank the run started from, derived from the diff (every iteration that led to it); a rewriter's own words appear only as its unverified note.</p>`;
  return (
    intro +
    changeGroups(record)
      .map((g) => {
        const items = [...g.skills.map(skillItem), ...g.other.sentences.map((x) => `<li>${e(x)}</li>`)];
        const list = items.length
          ? `<ul>${items.join("")}</ul>`
          : `<p class="muted">No skill changed (the baseline bank).</p>`;
        const scripts = [...g.skills.flatMap((s) => s.scripts), ...g.other.scripts].map(scriptDiff).join("");
        return `<h3><code>${e(shortCandidateId(g.candidate))}</code>${g.deployed ? " — P₀, deployed" : ""}${g.selected ? " — P*, recommended" : ""} (${e(g.operatingPoint)})</h3>${list}${scripts}`;
      })
      .join("")
  );
}

function spendParagraph(record: RunRecord): string {
  const s = spendSentence(record.executions);
  return s ? `<p>${sim(record, e(s))}.</p>` : "";
}

function spending(record: RunRecord): string {
  const x = record.executions;
  const roles = Object.entries(record.tokens).map(
    ([role, c]) => `<tr><td>${e(role)}</td><td>${c.input}</td><td>${c.output}</td><td>${c.cached}</td></tr>`,
  );
  return `<p>${sim(record, `Agent executions: ${x.run} run`)}; saved ${x.savedByCache} by the cache, ${x.savedByEarlyStop} by early stop, ${x.savedBySequentialRejection} by sequential rejection; a naive evaluation would have run ${x.naive}.</p>${spendParagraph(record)}<table><tr><th>role</th><th>input tokens</th><th>output tokens</th><th>cached</th></tr>${roles.join("")}</table>`;
}

export function renderReportHtml(record: RunRecord): string {
  const title = `skillops run ${record.runId}${record.simulated ? " (simulated)" : ""}`;
  const stop = `${STOP_TEXT[record.stop.reason]} after iteration ${record.stop.afterIteration}${record.stop.note ? ` — ${record.stop.note}` : ""}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(title)}</title><style>${CSS}</style></head><body>
<h1>${e(title)}</h1>
${record.simulated ? `<p class="sim">${e(SIMULATED_NOTE)}.</p>` : ""}
<p>${e(runSpan(record))} · ${record.cases.length} accepted case(s) · scope: ${e(record.scope.skills.join(", ") || "whole bank")} · stopped: ${e(stop)} · P* = <code>${e(shortCandidateId(record.selected))}</code></p>
<h2>${sim(record, "Frontier")}</h2>
<figure>${renderFrontierSvg(record)}<figcaption class="muted">Square: the bank deployed when the run started (P₀). Larger circle: P*, the member the run recommends. Bars: 95% bootstrap intervals.</figcaption></figure>
${frontierTable(record)}
${vsBaseline(record)}<h2>${sim(record, "Pass rate per category")}</h2>
${categoriesTable(record)}
<p class="muted">${e(CATEGORY_TABLE_NOTE)}</p>
<h2>Iterations and gate verdicts</h2>
${timeline(record)}
<h2>What changed, in plain language</h2>
${changes(record)}
<h2>${sim(record, "What the run spent")}</h2>
${spending(record)}
</body></html>
`;
}
