// SkillNEO's generations: b = GENERATION iterations (one child each), the paper's width
// (SkillNEO §3.3: (b, k, R) = (6, 3, 3)). Which generation an iteration belongs to, and which of a
// generation's children were promoted to full evaluation, read from the iteration records alone; the
// selection, the deployment decision and the archive revisit all count from here.
import type { Iteration } from "../../../records/run-record.js";

/** Iterations (children) per generation: the paper's width b = 6. */
export const GENERATION = 6;

/** 0-based generation of iteration t (t counts from 1). */
export function generationOf(t: number): number {
  return Math.floor((t - 1) / GENERATION);
}

/** The iterations of generation g, as t from..to inclusive. */
export function iterationsOf(g: number): { from: number; to: number } {
  return { from: g * GENERATION + 1, to: (g + 1) * GENERATION };
}

/** Whether iteration `it`'s child was promoted to full evaluation by its generation's ranking. */
export function isPromoted(it: Iteration): boolean {
  return it.neoScreen !== undefined && "promoted" in it.neoScreen && it.neoScreen.promoted;
}

/**
 * The children of generation g's iterations the gate admitted or that were promoted (fully
 * measured), with their iteration; the frontier and the archive hold those still usable (a refused
 * one only when neo-promote.ts kept it as a parent).
 */
export function promotedIn(iterations: readonly Iteration[], g: number): { id: string; t: number }[] {
  const { from, to } = iterationsOf(g);
  return iterations
    .filter((it) => it.t >= from && it.t <= to && it.child && (it.gate.admitted || isPromoted(it)))
    .map((it) => ({ id: it.child!.candidate, t: it.t }));
}
