// The operating points a frontier offers (docs/engine.md "Operating points"): the most accurate member,
// the cheapest, and the balanced one between them. bank.yml adds `baseline` before any merge.
import { z } from "zod";

export const OperatingPoint = z.enum(["accuracy", "balanced", "cost"]);
export type OperatingPoint = z.infer<typeof OperatingPoint>;
