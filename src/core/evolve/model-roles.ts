// Model-backed diagnoser, consolidator and rewriter (and the optional auditor): render the role's prompt, ask for a
// zod-validated answer, and turn a failed call into a recorded failure (never an exception), as
// roles.ts requires. The seed is not used: a model call is as deterministic as the model.
import type { Model, ModelFailure } from "../llm/model.js";
import type { Tokens } from "../../records/tokens.js";
import {
  CONSOLIDATOR_SCHEMA_NAME,
  ConsolidatorAnswer,
  renderConsolidatorPrompt,
} from "../llm/prompts/consolidator.js";
import { DIAGNOSER_SCHEMA_NAME, DiagnoserAnswer, renderDiagnoserPrompt } from "../llm/prompts/diagnoser.js";
import { AUDITOR_SCHEMA_NAME, AuditorAnswer, renderAuditorPrompt } from "../llm/prompts/auditor.js";
import { GRAFT_SCHEMA_NAME, GraftAnswer, renderGraftPrompt } from "../llm/prompts/graft-chooser.js";
import { REWRITER_SCHEMA_NAME, renderRewriterPrompt, RewriterAnswer } from "../llm/prompts/rewriter.js";
import type { Auditor } from "./audit/auditor.js";
import type { Consolidator, Diagnoser, Rewriter, RoleResult, Roles } from "../llm/roles.js";
import { modelToolSmith } from "./tools/model-tool-smith.js";
import { modelStrategist } from "./strategies/model-strategist.js";

export function createModelRoles(model: Model): Roles {
  return {
    diagnoser: modelDiagnoser(model),
    consolidator: modelConsolidator(model),
    rewriter: modelRewriter(model),
    toolSmith: modelToolSmith(model),
    strategist: modelStrategist(model),
  };
}

function failed(r: { failure: ModelFailure; usage: Tokens }): RoleResult<never> {
  return { ok: false, failure: `${r.failure.kind}: ${r.failure.message}`, usage: r.usage };
}

function modelDiagnoser(model: Model): Diagnoser {
  return {
    async diagnose({ parent, batch, tried, localisation, strategies }) {
      const r = await model.structured({
        role: "diagnoser",
        schema: DiagnoserAnswer,
        schemaName: DIAGNOSER_SCHEMA_NAME,
        messages: renderDiagnoserPrompt({
          skills: parent,
          cases: batch,
          ...(tried ? { tried } : {}),
          ...(localisation ? { localisation } : {}),
          ...(strategies ? { strategies } : {}),
        }),
      });
      if (!r.ok) return failed(r);
      // A plan with no text proposes no edit; a skill it plans for is a target even if not listed.
      const plans = r.value.plans.filter((p) => p.plan.trim().length > 0);
      return {
        ok: true,
        value: {
          targets: [...new Set([...r.value.targets, ...plans.map((p) => p.skill)])],
          rootCause: r.value.root_cause,
          plans,
        },
        usage: r.usage,
      };
    },
  };
}

function modelConsolidator(model: Model): Consolidator {
  return {
    async merge({ parent, proposals }) {
      const r = await model.structured({
        role: "consolidator",
        schema: ConsolidatorAnswer,
        schemaName: CONSOLIDATOR_SCHEMA_NAME,
        messages: renderConsolidatorPrompt({ skills: parent, proposals }),
      });
      if (!r.ok) return failed(r);
      return { ok: true, value: r.value.plans, usage: r.usage };
    },
  };
}

/** SkillNEO: the rewriter names the graft donor among the offers (prompts/graft-chooser.ts). */
async function chooseDonor(
  model: Model,
  { offers, failing, changed }: Parameters<NonNullable<Rewriter["chooseDonor"]>>[0],
): ReturnType<NonNullable<Rewriter["chooseDonor"]>> {
  const r = await model.structured({
    role: "rewriter",
    schema: GraftAnswer,
    schemaName: GRAFT_SCHEMA_NAME,
    messages: renderGraftPrompt({ offers, failing, changed }),
  });
  if (!r.ok) return failed(r);
  if (r.value.offer > offers.length)
    return {
      ok: false,
      failure: `the graft answer chose offer ${r.value.offer} of ${offers.length}`,
      usage: r.usage,
    };
  const reason = r.value.reason.trim();
  return {
    ok: true,
    value: r.value.offer === 0 ? { reason } : { offer: r.value.offer, reason },
    usage: r.usage,
  };
}

function modelRewriter(model: Model): Rewriter {
  return {
    chooseDonor: (input) => chooseDonor(model, input),
    async rewrite({
      skill,
      plan,
      anchors,
      siblings,
      auxiliary,
      interfaces,
      auditFindings,
      sites,
      strategies,
    }) {
      const messages = renderRewriterPrompt({
        name: skill.name,
        source: skill.source,
        plan,
        anchors: anchors.map((a) => ({
          id: a.id,
          category: a.category,
          diagnosis: a.diagnosis,
          prompt: a.task.prompt,
        })),
        siblings,
        auxiliary: auxiliary.map((a) => {
          const signature = interfaces?.find((i) => i.path === a.path)?.signature;
          return { path: a.path, kind: a.kind, size: a.size, ...(signature ? { signature } : {}) };
        }),
        ...(auditFindings ? { auditFindings } : {}),
        ...(sites?.length ? { sites } : {}),
        ...(strategies ? { strategies } : {}),
      });
      const r = await model.structured({
        role: "rewriter",
        schema: RewriterAnswer,
        schemaName: REWRITER_SCHEMA_NAME,
        messages,
      });
      if (!r.ok) return failed(r);
      return {
        ok: true,
        value: { source: r.value.skill_md, summary: r.value.summary.trim() },
        usage: r.usage,
      };
    },
  };
}

/** The model-backed auditor (EvolveDeps.auditor): one request per candidate skill. */
export function modelAuditor(model: Model): Auditor {
  return {
    async audit(input) {
      const r = await model.structured({
        role: "auditor",
        schema: AuditorAnswer,
        schemaName: AUDITOR_SCHEMA_NAME,
        messages: renderAuditorPrompt(input),
      });
      if (!r.ok) return failed(r);
      return { ok: true, value: r.value.findings, usage: r.usage };
    },
  };
}
