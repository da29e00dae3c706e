// One span of an OTLP JSON trace export, as far as the GenAI converter reads it: ids, name, start
// time, attributes, events and status (values stay OTLP's typed objects; otlp-value.ts decodes them).
import { z } from "zod";
import { KeyValue } from "./otlp-value.js";

export const OtelSpan = z.object({
  traceId: z.string().min(1),
  spanId: z.string().optional(),
  name: z.string(),
  startTimeUnixNano: z.union([z.string(), z.number()]).optional(),
  attributes: z.array(KeyValue).optional(),
  events: z.array(z.object({ name: z.string(), attributes: z.array(KeyValue).optional() })).optional(),
  status: z
    .object({ code: z.union([z.number(), z.string()]).optional(), message: z.string().optional() })
    .optional(),
});
export type OtelSpan = z.infer<typeof OtelSpan>;
