// Issue 29, weak points of calibrate's labelled files: invalid rows are named, --limit stops reading at the
// limit, duplicate ids and an object group are refused with their rows named.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { calibrate } from "../../src/calibrate/calibrate.js";
import { describeInvalid, loadLabelled, loadLabelledSample } from "../../src/calibrate/labelled.js";
import { FakeMetric } from "../support/fake-metrics.js";

const dir = mkdtempSync(path.join(tmpdir(), "airgap-labelled-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const row = (i: number, extra: Record<string, unknown> = {}) => ({
  id: `r${i}`,
  user_input: "q",
  response: `answer ${i}`,
  human_label: i % 2,
  ...extra,
});

describe("labelled files under hostile input", () => {
  it("invalid labels are named: row, line, field and why, the first five and how many more", () => {
    const file = path.join(dir, "bad-labels.jsonl");
    const lines = [0, 1, 2, 3, 4, 5, 6, 7].map((i) =>
      JSON.stringify(row(i, i >= 2 ? { human_label: i === 2 ? "maybe" : 7 } : {})),
    );
    writeFileSync(file, `${lines.join("\n")}\n`);
    const set = loadLabelled(file);
    expect(set.rows).toHaveLength(2);
    expect(set.invalid).toHaveLength(6);
    const text = describeInvalid(set.invalid);
    expect(text).toMatch(
      /^row 2 \(line 3\), human_label: must be 0 or 1 \(or true\/false\), got "maybe"; row 3 \(line 4\)/,
    );
    expect(text).toMatch(/; and 1 more$/);
  });

  it("a calibrate with no valid row names the invalid rows in its error", async () => {
    const rows = [row(0, { human_label: 3 }), row(1, { human_label: "x" })];
    await expect(
      calibrate(rows, { judges: [{ name: "f", metric: new FakeMetric() }], progress: "none" }),
    ).rejects.toThrow(/2 invalid: row 0, human_label: must be 0 or 1.*got 3; row 1, human_label/);
  });

  it("duplicate ids are refused, naming the row and the first row with that id", () => {
    const set = loadLabelled([row(0), row(1), row(2, { id: "r0" })]);
    expect(set.rows.map((r) => r.id)).toEqual(["r0", "r1"]);
    expect(set.invalid).toEqual([
      { row: 2, field: "id", message: 'duplicate id "r0" (first at row 0); give every row its own id' },
    ]);
  });

  it("an object group is refused, naming the row (it would have made the interval narrower in silence)", () => {
    const set = loadLabelled([row(0, { group: "doc a" }), row(1, { group: { doc: "a" } })]);
    expect(set.rows).toHaveLength(1);
    expect(set.rows[0]!.group).toBe("doc a");
    expect(set.invalid[0]).toMatchObject({ row: 1, field: "group" });
    expect(set.invalid[0]!.message).toMatch(/must be a string or a number.*\{"doc":"a"\}/);
  });

  it("--limit samples every class of a class-sorted file, seeded: the same rows each time, in file order", async () => {
    const file = path.join(dir, "sorted.jsonl");
    // 300 rows labelled 1, then 300 labelled 0 (as clapnq-dev's answerable then unanswerable files).
    const rows = Array.from({ length: 600 }, (_, i) =>
      JSON.stringify(row(i, { human_label: i < 300 ? 1 : 0 })),
    );
    writeFileSync(file, `${rows.join("\n")}\n`);
    const a = await loadLabelledSample(file, 10, {}, 7);
    expect(a.rows.map((r) => r.human).sort()).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
    expect(a.rows.map((r) => r.row)).toEqual([...a.rows.map((r) => r.row)].sort((x, y) => x - y));
    expect((await loadLabelledSample(file, 10, {}, 7)).rows).toEqual(a.rows);
    expect((await loadLabelledSample(file, 10, {}, 8)).rows).not.toEqual(a.rows);
    expect(a.invalid).toEqual([]);
    expect(a.labels).toEqual({ kind: "binary" });
  });
});
