// The two files generated from the config schema, as they are committed: the JSON Schema (formatted
// by prettier, which checks every JSON file in the repository) and docs/config.md.
import { format, resolveConfig } from "prettier";
import { renderConfigReference } from "../src/core/config/config-reference.js";
import { CONFIG_SCHEMA_PATH, configJsonSchema } from "../src/core/config/json-schema.js";

export async function renderConfigFiles(): Promise<Array<{ path: string; content: string }>> {
  const schema = configJsonSchema();
  const options = (await resolveConfig(CONFIG_SCHEMA_PATH)) ?? {};
  const json = await format(JSON.stringify(schema, null, 2), { ...options, parser: "json" });
  return [
    { path: CONFIG_SCHEMA_PATH, content: json },
    { path: "docs/config.md", content: renderConfigReference(schema) },
  ];
}
