// OTLP JSON attribute values (`{stringValue}`, `{intValue}`, `{arrayValue: {values}}`, …) as plain
// values, and a span's attributes as a map. int64 arrives as a string in OTLP JSON: read as a number.
// Pure.
import { z } from "zod";

export type AnyValue = {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number | string;
  bytesValue?: string;
  arrayValue?: { values?: AnyValue[] };
  kvlistValue?: { values?: KeyValue[] };
};
export type KeyValue = { key: string; value?: AnyValue };

export const AnyValue: z.ZodType<AnyValue> = z.lazy(() =>
  z.object({
    stringValue: z.string().optional(),
    boolValue: z.boolean().optional(),
    intValue: z.union([z.string(), z.number()]).optional(),
    doubleValue: z.union([z.number(), z.string()]).optional(),
    bytesValue: z.string().optional(),
    arrayValue: z.object({ values: z.array(AnyValue).optional() }).optional(),
    kvlistValue: z.object({ values: z.array(KeyValue).optional() }).optional(),
  }),
);
export const KeyValue: z.ZodType<KeyValue> = z.lazy(() =>
  z.object({ key: z.string(), value: AnyValue.optional() }),
);

/** The plain value of an OTLP AnyValue (undefined for an empty one). */
export function plainValue(v: AnyValue | undefined): unknown {
  if (!v) return undefined;
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return Number(v.doubleValue);
  if (v.bytesValue !== undefined) return v.bytesValue;
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(plainValue);
  if (v.kvlistValue) return attributeMap(v.kvlistValue.values);
  return undefined;
}

/** Attributes as key → plain value (a later duplicate key wins, as collectors do). */
export function attributeMap(kvs: readonly KeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((kvs ?? []).map((kv) => [kv.key, plainValue(kv.value)]));
}
