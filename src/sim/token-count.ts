// The simulated world's token count: what its endpoint reports as a model's usage.

/** A crude but stable token count: one token per four characters. */
export function tokensOf(text: string): number {
  return Math.ceil(text.length / 4);
}
