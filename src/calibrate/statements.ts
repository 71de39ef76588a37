import { InvalidInputError } from "../errors.js";
import { statementPromptVersions, statementSteps } from "../metrics/shared/judge/statements/steps.js";
import { judgeStatements } from "../metrics/shared/judge/statements/verdicts.js";
import type { MetricResult } from "../metrics/types.js";
import { errorText } from "../util/error-text.js";
import { mapWithConcurrency } from "../util/pool.js";
import { computeFigures, type FigureOptions } from "./figures.js";
import type { LabelledRow } from "./labelled.js";
import type { CalibrationJudge, Disagreement, JudgeCalibration } from "./types.js";

/**
 * Statement-level calibration of a faithfulness judge: the statements people labelled are given to
 * the judge's verdict step (faithfulness' own verdicts prompt, sized to the statements), so the
 * figures compare verdicts with labels statement by statement, without the statement-extraction step
 * in between. Statements of one row are one bootstrap group.
 */
export async function calibrateStatements(
  rows: readonly LabelledRow[],
  judge: CalibrationJudge,
  options: FigureOptions & { disagreements?: number; signal?: AbortSignal },
): Promise<JudgeCalibration> {
  const llm = judge.metric.llm;
  if (judge.metric.name !== "faithfulness" || llm === undefined) {
    throw new InvalidInputError(
      `statement labels calibrate the faithfulness judge's verdicts; ${judge.name} runs ${judge.metric.name}`,
      { field: "metric" },
    );
  }
  const settings = { temperature: 0, maxTokens: undefined };
  const outcomes = await mapWithConcurrency(rows, llm.concurrency ?? 1, async (row) => {
    const steps = statementSteps(llm, settings, options.signal);
    try {
      const verdicts = await judgeStatements(
        steps,
        row.statements!.map((s) => s.text),
        row.samples[0].retrievedContexts ?? [],
        "retrievedContexts",
      );
      return { row, verdicts, error: undefined };
    } catch (err) {
      if (options.signal?.aborted) throw err;
      return { row, verdicts: undefined, error: errorText(err) };
    }
  });
  const humans: number[] = [];
  const scores: number[] = [];
  const groups: string[] = [];
  const unscored: JudgeCalibration["unscored"] = [];
  const candidates: Disagreement[] = [];
  for (const { row, verdicts, error } of outcomes) {
    if (verdicts === undefined) {
      unscored.push({ row: row.row, id: row.id, reason: error ?? "no verdicts" });
      continue;
    }
    let wrong = 0;
    verdicts.forEach((v, i) => {
      humans.push(row.statements![i]!.label);
      scores.push(v.verdict);
      groups.push(row.id);
      if (v.verdict !== row.statements![i]!.label) wrong += 1;
    });
    const supported = verdicts.filter((v) => v.verdict === 1).length / verdicts.length;
    if (wrong > 0) {
      const result: MetricResult = {
        value: supported,
        status: "ok",
        reason: `${wrong} of ${verdicts.length} verdicts differ from the human labels`,
        details: {
          verdicts: verdicts.map((v, i) => ({ ...v, human: row.statements![i]!.label })),
        },
      };
      candidates.push({
        row: row.row,
        id: row.id,
        human: row.human,
        score: supported,
        gap: wrong / verdicts.length,
        results: [result],
        samples: [...row.samples],
      });
    }
  }
  candidates.sort((a, b) => b.gap - a.gap || a.row - b.row);
  const config = judge.metric.config();
  return {
    name: judge.name,
    config: { ...config, promptVersions: statementPromptVersions({ statements: false, verdicts: true }) },
    scored: rows.length - unscored.length,
    unscored,
    figures: await computeFigures({ kind: "binary" }, { humans, scores, groups }, options),
    disagreements: candidates.slice(0, options.disagreements ?? 10),
  };
}
