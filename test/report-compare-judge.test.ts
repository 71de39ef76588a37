// report compare --judge: which run's response is better on each paired row, judged head to head. With a scripted
// judge (judgeComparison): wins, ties without a call for identical responses, flips and unjudged rows; through the
// built CLI with stories260K: the Markdown section on stdout and the JSON's `judged`, and the flags' pairing rule.
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { ArenaGEval } from "../src/metrics/arena-g-eval/metric.js";
import type { JudgePrompt } from "../src/prompts/types.js";
import type { ComparedRow, Comparison } from "../src/report/compare.js";
import { judgeComparison, judgedComparisonMarkdown } from "../src/report/judged-compare.js";
import { judgedSectionHtml } from "../src/report/judged-compare-html.js";
import { cliSandbox } from "./fixtures/cli/run-cli.js";
import { extraGgufPath } from "./setup/paths.js";
import { builtCliWithStoriesMissing, runBuiltCli } from "./support/built-cli.js";
import { ScriptedLlm } from "./support/scripted-llm.js";

const criteria = "Which response answers the question correctly?";

function row(rowA: number, userInput: string, responseA: string, responseB: string): ComparedRow {
  return { rowA, rowB: rowA, rowHash: `h${rowA}`, userInput, responseA, responseB, metrics: {} };
}

function comparisonOf(rows: ComparedRow[]): Comparison {
  return { labels: { a: "baseline", b: "candidate" }, rows } as unknown as Comparison;
}

describe("judgeComparison (scripted judge)", () => {
  it("counts each run's wins, ties identical responses without a call, and marks flips", async () => {
    const llm = new ScriptedLlm({
      "arena_g_eval/arena_g_eval": (prompt: JudgePrompt) => {
        const input = JSON.parse(prompt.input) as {
          user_input: string;
          response_A: string;
          response_B: string;
        };
        // Row "biased": always the first shown (a flip); otherwise the response containing "Paris" wins.
        if (input.user_input === "biased") return { reason: "first", verdict: "A" };
        return { reason: "Paris", verdict: input.response_A.includes("Paris") ? "A" : "B" };
      },
    });
    const metric = new ArenaGEval({ llm, criteria, evaluationSteps: ["Check the answer."] });
    const judged = await judgeComparison(
      comparisonOf([
        row(0, "capital?", "Lyon.", "Paris."),
        row(1, "capital again?", "Paris.", "Lyon."),
        row(2, "same?", "Paris.", "Paris."),
        row(3, "biased", "x", "y"),
        { ...row(4, "q", "a", "b"), responseB: undefined } as ComparedRow,
        row(5, "blank answer", "a", "   "),
      ]),
      metric,
      criteria,
      llm.id,
    );
    expect(judged.rows.map((r) => r.winner)).toEqual(["b", "a", "tie", "tie", null, null]);
    expect(judged.rows.map((r) => r.flipped)).toEqual([false, false, false, true, false, false]);
    expect(judged.rows.map((r) => r.swapped)).toEqual([true, true, false, true, false, false]);
    expect(judged).toMatchObject({
      wins: { a: 1, b: 1, tie: 2 },
      judged: 4,
      swapped: 3,
      positionFlips: 1,
      meanWinShareB: 0.5,
    });
    expect(llm.calls).toHaveLength(6);
    const md = judgedComparisonMarkdown(judged, { a: "baseline", b: "candidate" });
    expect(md).toContain("candidate won 1 rows, baseline won 1, 2 tied, of 4 judged");
    expect(md).toContain("changed when the order was swapped in 1 of 3 rows judged in both orders (33.3%)");
    expect(md).toContain("not judged: no question or response in one of the runs");

    // The HTML page's section: the same sentence, each row's verdict, all of it text (a hostile label stays text).
    const section = judgedSectionHtml(
      { ...judged, criteria: "<script>alert(1)</script>" },
      { a: "baseline", b: "<b>candidate</b>" },
    ).value;
    expect(section).toContain('<section id="compare-judged"><h2>Judged head to head</h2>');
    expect(section).toContain("criteria: &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(section).toContain("&lt;b&gt;candidate&lt;/b&gt; won 1 rows, baseline won 1, 2 tied, of 4 judged");
    expect(section).toContain('<td class="text">tie (flipped)</td>');
    expect(section).not.toContain("<script>");
  });
});

const missing = builtCliWithStoriesMissing();
if (missing.length > 0) console.warn(`report-compare-judge.test: CLI flow skipped: ${missing.join("; ")}`);

const box = cliSandbox("airgap-compare-judge-");
afterAll(() => box.cleanup());

const airgapEval = (args: readonly string[]) => runBuiltCli(args, box.env, box.file("."));

describe.skipIf(missing.length > 0)(
  "report compare --judge (built CLI, stories260K)",
  { timeout: 300_000 },
  () => {
    it("adds a judged head-to-head section to the Markdown and `judged` to the JSON", async () => {
      const runOf = async (name: string, responses: string[]) => {
        const dataset = box.file(`${name}.jsonl`);
        const questions = ["What is the capital of France?", "How many legs does a spider have?"];
        writeFileSync(
          dataset,
          questions
            .map((q, i) => JSON.stringify({ user_input: q, response: responses[i], reference: responses[0] }))
            .join("\n"),
        );
        const out = box.file(`${name}.results.jsonl`);
        const r = await airgapEval(["eval", dataset, "--metrics", "exact_match", "--out", out, "--quiet"]);
        expect(r.code, r.stderr).toBe(0);
        return out;
      };
      const a = await runOf("baseline", ["Paris.", "Six."]);
      const b = await runOf("candidate", ["Paris.", "Eight legs."]);
      const judge = ["--judge", extraGgufPath!, "--criteria", criteria];
      const md = await airgapEval(["report", "compare", a, b, ...judge]);
      expect(md.code, md.stderr).toBe(0);
      expect(md.stdout).toContain("## Judged head to head");
      expect(md.stdout).toMatch(/of 2 judged/);
      const json = box.file("diff.json");
      const j = await airgapEval(["report", "compare", a, b, ...judge, "--out", json]);
      expect(j.code, j.stderr).toBe(0);
      const judged = (
        JSON.parse(readFileSync(json, "utf8")) as {
          judged: { rows: Array<{ winner: string }>; judged: number };
        }
      ).judged;
      expect(judged.judged).toBe(2);
      // Row 0 has the same response in both runs: a tie without a judge call.
      expect(judged.rows[0]!.winner).toBe("tie");

      const page = box.file("diff.html");
      const h = await airgapEval(["report", "compare", a, b, ...judge, "--out", page]);
      expect(h.code, h.stderr).toBe(0);
      const text = readFileSync(page, "utf8");
      expect(text).toContain('<section id="compare-judged"><h2>Judged head to head</h2>');
      expect(text).toMatch(/<p id="judged-summary">[^<]* of 2 judged; [^<]*mean win share/);

      const alone = await airgapEval(["report", "compare", a, b, "--judge", extraGgufPath!]);
      expect(alone.code).toBe(2);
      expect(alone.stderr).toContain("--judge and --criteria go together");
    });
  },
);
