// The peers bench's agreement part, without models: the labelled rows it draws from a set through the set's
// converter, and each side's agreement figures (calibrate's) from its scores, rows without a score left out.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { agreementFigures, agreementRows, agreementSets } from "../bench/lib/peers-agreement.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "peers-agreement-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A HaluEval QA file of `n` items, each a right and a hallucinated answer. */
function haluevalSet(n: number): string {
  const set = path.join(dir, "halueval-qa-sample");
  mkdirSync(set, { recursive: true });
  const items = Array.from({ length: n }, (_, i) => ({
    knowledge: `Fact ${i}.`,
    question: `Question ${i}?`,
    right_answer: `Right ${i}.`,
    hallucinated_answer: `Wrong ${i}.`,
  }));
  writeFileSync(path.join(set, "qa_one-turn_data.json"), items.map((x) => JSON.stringify(x)).join("\n"));
  return dir;
}

describe("bench peers: agreement with people", () => {
  it("offers the faithfulness sets with binary labels", () => {
    expect(agreementSets()).toContain("halueval-qa-sample");
  });

  it("draws rows of both labels through the set's converter, with labels, items as groups and ids", () => {
    const set = agreementRows("halueval-qa-sample", haluevalSet(6), 4);
    expect(set.setRows).toBe(12);
    expect(set.rows).toHaveLength(4);
    expect(set.humans.filter((h) => h === 1)).toHaveLength(2);
    expect(set.negative).toBe("unfaithful");
    for (const [i, row] of set.rows.entries()) {
      const id = set.ids[i]!;
      const item = id.split("-")[0];
      expect(set.groups[i]).toBe(`item-${item}`);
      expect(row.user_input).toBe(`Question ${item}?`);
      expect(row.retrieved_contexts).toEqual([`Fact ${item}.`]);
      expect(row.response).toBe(set.humans[i] === 1 ? `Right ${item}.` : `Wrong ${item}.`);
    }
    // Seeded: the same rows again.
    expect(agreementRows("halueval-qa-sample", dir, 4).ids).toEqual(set.ids);
  });

  it("names the sets that fit when the set does not calibrate faithfulness on binary labels", () => {
    expect(() => agreementRows("llmbar-natural", dir, 4)).toThrow(
      /--agreement: llmbar-natural is not a faithfulness set with binary labels; use one of .*halueval-qa-sample/,
    );
  });

  it("says where the set's folder was looked for and how to get it", () => {
    expect(() => agreementRows("halueval-qa-sample", path.join(dir, "none"), 4)).toThrow(
      /no folder .*none\/halueval-qa-sample; run airgap-eval datasets pull halueval-qa-sample/,
    );
  });

  it("computes balanced accuracy, κ and AUROC over the scored rows, leaving rows without a score out", async () => {
    const rows = { humans: [1, 0, 1, 0, 1, 0] as (0 | 1)[], groups: ["a", "a", "b", "b", "c", "c"] };
    const perfect = await agreementFigures(rows, { scores: [0.9, 0.1, 1, 0, null, Number.NaN] });
    expect(perfect).toMatchObject({ scored: 4, unscored: 2 });
    expect(perfect.balancedAccuracy.value).toBe(1);
    expect(perfect.cohensKappa.value).toBe(1);
    expect(perfect.auroc.value).toBe(1);
    expect(perfect.auroc.interval).toBeDefined();
    // Every row called faithful: half right on each class's mean, κ 0, and AUROC from the ranking alone.
    const yes = await agreementFigures(rows, { scores: [0.9, 0.6, 0.8, 0.7, 1, 0.5] });
    expect(yes.balancedAccuracy.value).toBe(0.5);
    expect(yes.cohensKappa.value).toBe(0);
    expect(yes.auroc.value).toBe(1);
  });

  it("gives no figure, with the reason, when no row was scored", async () => {
    const none = await agreementFigures({ humans: [1, 0], groups: ["a", "a"] }, { scores: [null, null] });
    expect(none).toMatchObject({ scored: 0, unscored: 2 });
    expect(none.auroc).toEqual({ value: null, reason: "no row was scored" });
  });
});
