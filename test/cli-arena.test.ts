// arena_g_eval through the built CLI (dist/cli/main.js) with stories260K as judge: --candidates gathers two columns,
// a metric file defines the criteria, every pair is judged in both orders, the rows' details hold each candidate's
// win share and the position flips, the results' aggregate and the Markdown report carry the flip rate, and a
// row lacking a candidate column is an error row naming the column and its line.
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { loadResults } from "../src/results/load.js";
import { cliSandbox, recordLines } from "./fixtures/cli/run-cli.js";
import { extraGgufPath } from "./setup/paths.js";
import { builtCliWithStoriesMissing, runBuiltCli } from "./support/built-cli.js";

const missing = builtCliWithStoriesMissing();
if (missing.length > 0) console.warn(`cli-arena.test: skipped: ${missing.join("; ")}`);

const box = cliSandbox("airgap-cli-arena-");
afterAll(() => box.cleanup());

const airgapEval = (args: readonly string[]) => runBuiltCli(args, box.env, box.file("."));

describe.skipIf(missing.length > 0)(
  "eval --candidates with arena_g_eval (stories260K)",
  { timeout: 300_000 },
  () => {
    it("judges each pair in both orders and reports win shares and the position-flip rate", async () => {
      const dataset = box.file("pairs.jsonl");
      writeFileSync(
        dataset,
        [
          { user_input: "What is the capital of France?", response_a: "Paris.", response_b: "Lyon." },
          { user_input: "How many legs does a spider have?", response_a: "Six.", response_b: "Eight legs." },
          { user_input: "Is the sea salty?", response_a: "Yes." },
        ]
          .map((r) => JSON.stringify(r))
          .join("\n"),
      );
      const metricFile = box.file("arena.yaml");
      writeFileSync(
        metricFile,
        stringify({
          metrics: [
            {
              kind: "arena_g_eval",
              id: "better_answer",
              criteria: "Which response answers the question correctly?",
              evaluationSteps: ["Check each response against the question."],
              maxTokens: 48,
            },
          ],
        }),
      );
      const out = box.file("arena.jsonl");
      const report = box.file("arena.md");
      const r = await airgapEval([
        "eval",
        dataset,
        "--candidates",
        "response_a,response_b",
        "--metric-file",
        metricFile,
        "--llm",
        extraGgufPath!,
        "--out",
        out,
        "--report",
        report,
        "--no-cache",
        "--quiet",
      ]);
      // The third row lacks response_b: an error row, so the run exits 1.
      expect(r.code, r.stderr).toBe(1);
      const records = recordLines(out) as Array<{
        row: number;
        result: { status: string; value: number | null; error?: string; details?: Record<string, unknown> };
      }>;
      expect(records).toHaveLength(3);
      const [first, second, third] = records.sort((a, b) => a.row - b.row);
      for (const rec of [first!, second!]) {
        expect(rec.result.status, rec.result.error).toBe("ok");
        const d = rec.result.details as {
          candidates: string[];
          winShare: Record<string, number>;
          judgements: Array<{ shown: string[]; probabilities?: Record<string, number> }>;
          swappedPairs: number;
          positionFlips: number;
        };
        expect(d.candidates).toEqual(["response_a", "response_b"]);
        expect(d.judgements).toHaveLength(2);
        expect(d.judgements[1]!.shown).toEqual([...d.judgements[0]!.shown].reverse());
        expect(d.judgements[0]!.probabilities).toBeDefined();
        expect(d.winShare.response_a! + d.winShare.response_b!).toBeCloseTo(1, 12);
        expect(rec.result.value).toBe(d.winShare.response_a);
        expect(d.swappedPairs).toBe(1);
      }
      expect(third!.result.status).toBe("error");
      expect(third!.result.error).toMatch(/response_b \(line 3\).*no "response_b"/);

      const flips = [first!, second!].reduce(
        (n, rec) => n + (rec.result.details!.positionFlips as number),
        0,
      );
      const { aggregates } = loadResults(out);
      expect(aggregates.find((a) => a.metric === "better_answer")?.positionFlips).toEqual({
        flips,
        swappedPairs: 2,
      });
      expect(readFileSync(report, "utf8")).toContain(
        `better\\_answer: the verdict changed when the order was swapped in ${flips} of 2 pairs`,
      );
    });
  },
);
