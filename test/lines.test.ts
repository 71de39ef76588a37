import { describe, expect, it } from "vitest";
import { ByteLines, countLineFeeds, textLines } from "../src/util/lines.js";

/** Lines read by pushing `text` in pieces of `size` bytes through {@link ByteLines}, then split as text. */
function streamedLines(text: string, size: number): string[] {
  const bytes = Buffer.from(text, "utf8");
  const lines = new ByteLines();
  const pieces: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < bytes.length; i += size) {
    const part = lines.push(bytes.subarray(i, i + size));
    expect(part.offset).toBe(offset);
    offset += part.bytes.length;
    pieces.push(part.bytes);
  }
  const last = lines.end();
  expect(last.offset).toBe(offset);
  pieces.push(last.bytes);
  return pieces.flatMap((piece) => textLines(piece.toString("utf8")));
}

describe("lines", () => {
  it("splits at LF and CRLF, keeps blank lines, and starts no line after a final line break", () => {
    expect(textLines("a\r\nb\n\nc")).toEqual(["a", "b", "", "c"]);
    expect(textLines("a\nb\n")).toEqual(["a", "b"]);
    expect(textLines("a\r\n\r\n")).toEqual(["a", ""]);
    expect(textLines("")).toEqual([]);
    expect(textLines("\n")).toEqual([""]);
    expect(textLines("x\r")).toEqual(["x"]);
    expect(textLines("a\rb")).toEqual(["a\rb"]);
  });

  it("gives the same lines for a stream cut anywhere as for the whole text", () => {
    const text = 'é1\r\n{"b":2}\n\n  \r\nlast é';
    for (const size of [1, 2, 3, 5, 8, 1000]) expect(streamedLines(text, size)).toEqual(textLines(text));
    expect(streamedLines("a\nb\n", 1)).toEqual(["a", "b"]);
  });

  it("hands on whole lines only, holding back a line until its line feed comes", () => {
    const lines = new ByteLines();
    expect(lines.push(Buffer.from("ab")).bytes.toString()).toBe("");
    expect(lines.push(Buffer.from("c\nd")).bytes.toString()).toBe("abc\n");
    expect(lines.end()).toEqual({ bytes: Buffer.from("d"), offset: 4 });
  });

  it("counts line feeds, up to an end", () => {
    const bytes = Buffer.from("a\nb\r\nc\n");
    expect(countLineFeeds(bytes)).toBe(3);
    expect(countLineFeeds(bytes, 4)).toBe(1);
    expect(countLineFeeds(Buffer.alloc(0))).toBe(0);
  });
});
