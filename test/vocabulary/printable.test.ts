import { describe, expect, it } from "vitest";
import { printable, printableLines } from "../../src/vocabulary/printable.js";

describe("printable", () => {
  it("escapes control characters, line separators and bidi overrides; leaves the rest", () => {
    expect(printable("a\nb\r\tc\u0000d\u001be\u007f")).toBe("a\\nb\\r\\tc\\x00d\\x1be\\x7f");
    expect(printable("x\u2028y\u202ez")).toBe("x\\u2028y\\u202ez");
    expect(printable("skill-bank/réservation/SKILL.md")).toBe("skill-bank/réservation/SKILL.md");
  });

  it("keeps line breaks and tabs in a message meant to span lines", () => {
    expect(printableLines("one\n\ttwo\u0000")).toBe("one\n\ttwo\\x00");
  });
});
