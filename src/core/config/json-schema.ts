// The JSON Schema of `.github/skillops.yml`, generated from the zod Config, for editors
// (`# yaml-language-server: $schema=…`) and docs/config.md. `io: "input"` describes what a person
// writes, so every key with a default is optional; strict objects become `additionalProperties: false`.
import { z } from "zod";
import { Config } from "./config.js";

/** Where the committed schema lives in the skillops repository (`npm run gen:config` writes it). */
export const CONFIG_SCHEMA_PATH = "schema/skillops.schema.json";

export type JsonSchema = { [key: string]: unknown };

export function configJsonSchema(): JsonSchema {
  const schema = z.toJSONSchema(Config, { io: "input", target: "draft-2020-12" }) as JsonSchema;
  return {
    $schema: schema.$schema,
    title: "skillops configuration (.github/skillops.yml)",
    ...schema,
  };
}

/** The raw URL of the schema at one ref of the skillops repository, for the config's first line. */
export function configSchemaUrl(repo: string, ref: string): string {
  return `https://raw.githubusercontent.com/${repo}/${ref}/${CONFIG_SCHEMA_PATH}`;
}
