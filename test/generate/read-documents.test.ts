import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { htmlToText } from "../../src/generate/html-text.js";
import { readDocuments } from "../../src/generate/read-documents.js";

function folder(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gen-docs-"));
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), body);
  }
  return dir;
}

describe("readDocuments", () => {
  it("reads a folder recursively in code-point order, HTML as text and JSONL lines as documents", () => {
    const dir = folder({
      "b.md": "# B\nBee.",
      "A/z.txt": "Zed.",
      "a.html":
        "<html><head><title>x</title><style>p{}</style></head><body><h2>Setup</h2><p>Run <b>it</b> &amp; go.</p></body></html>",
      "more.jsonl": '{"id":"j1","text":"One."}\n\n{"id":2,"text":"Two."}\n',
      ".hidden.md": "no",
      "notes.csv": "skipped",
    });
    const docs = readDocuments([dir]);
    expect(docs.map((d) => d.id)).toEqual(["A/z.txt", "a.html", "b.md", "j1", "2"]);
    expect(docs[1]!.text).toBe("## Setup\n\nRun it & go.");
  });

  it("names the file and line of each problem", () => {
    const empty = folder({ "x.csv": "a" });
    expect(() => readDocuments([empty])).toThrow(/folder holds no documents/);
    const bad = folder({
      "bin.txt": Buffer.from([0x41, 0x00, 0x42]),
      "latin.txt": Buffer.from("ok\ncaf\xe9\n", "latin1"),
      "lines.jsonl": '{"id":"a","text":"x"}\n{"text":"no id"}\n',
      "notext.jsonl": '{"id":"a2"}\n',
      "broken.jsonl": "{nope\n",
    });
    const file = (name: string) => path.join(bad, name);
    expect(() => readDocuments([file("bin.txt")])).toThrow(`${file("bin.txt")}: document is a binary file`);
    expect(() => readDocuments([file("latin.txt")])).toThrow(
      `${file("latin.txt")}, line 2: document is not valid UTF-8`,
    );
    expect(() => readDocuments([file("lines.jsonl")])).toThrow(
      `${file("lines.jsonl")}, line 2, field "id": has no "id"`,
    );
    expect(() => readDocuments([file("notext.jsonl")])).toThrow(`line 1, field "text": has no "text"`);
    expect(() => readDocuments([file("broken.jsonl")])).toThrow(/line 1: is not a JSON object/);
    expect(() => readDocuments([path.join(bad, "missing.md")])).toThrow(/does not exist/);
    expect(() => readDocuments([])).toThrow(/no documents given/);
  });

  it("refuses other file kinds (PDF), empty documents and one id twice", () => {
    const dir = folder({
      "a.pdf": "%PDF",
      "e.md": "  \n",
      "x.jsonl": '{"id":"a","text":"1"}\n{"id":"a","text":"2"}\n',
    });
    expect(() => readDocuments([path.join(dir, "a.pdf")])).toThrow(/pdftotext/);
    expect(() => readDocuments([path.join(dir, "e.md")])).toThrow(/document "e.md" is empty/);
    expect(() => readDocuments([path.join(dir, "x.jsonl")])).toThrow(/two documents have the id "a"/);
  });
});

describe("htmlToText", () => {
  it("keeps h1-h6 as Markdown headings, drops scripts and comments, decodes entities", () => {
    const html =
      "<h1>Top <i>one</i></h1><!-- c --><script>var a = '<h2>no</h2>';</script><div>A&nbsp;b &#x41;&#66;</div><ul><li>x</li><li>y</li></ul><h6>Deep</h6>text";
    expect(htmlToText(html)).toBe("# Top one\n\nA b AB\n\nx\n\ny\n\n###### Deep\n\ntext");
  });
});
