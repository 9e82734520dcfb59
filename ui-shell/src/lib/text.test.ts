import { describe, expect, it } from "vitest";
import { htmlToText, truncate } from "./text";

describe("text of host HTML", () => {
  it("drops tags and collapses whitespace", () => {
    expect(htmlToText("<p>a</p>\n<p>b <b>c</b></p>")).toBe("a b c");
    expect(htmlToText("")).toBe("");
  });
  it("truncates at 400 characters on a word boundary", () => {
    const t = truncate("word ".repeat(100), 400);
    expect(t.length).toBeLessThanOrEqual(401);
    expect(t.endsWith("…")).toBe(true);
    expect(truncate("short", 400)).toBe("short");
  });
});
