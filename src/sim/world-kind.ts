// The generator's world kinds by name (world-kinds.ts builds them; docs/simulated-world.md "World
// kinds"), in a file of their own so the CLI's help can list them without loading the world schema.
export const WORLD_KINDS = [
  "default",
  "deceptive",
  "sparse-faults",
  "defective-tools",
  "over-budget",
  "valley",
  "harmful-text",
] as const;
