// `calibrate --band-target`: propose the faithfulness cascade's uncertainty band from the labelled rows.
import { InvalidInputError } from "../errors.js";
import type { CalibrationMetric } from "./calibrate-metric.js";

/**
 * The metric `calibrate --band-target` runs: built-in `faithfulness` with a `verifier`, its band widened to [0, 1] so
 * the judge scores every row beside the verifier (a band given otherwise is refused). Any other metric is refused,
 * naming the flags that make one.
 *
 * @example
 * bandTargetChoice({ kind: "built-in", id: "faithfulness", options: { verifier: "nli-deberta-v3-small" } });
 * // { kind: "built-in", id: "faithfulness", options: { verifier: "nli-deberta-v3-small", band: [0, 1] } }
 */
export function bandTargetChoice(choice: CalibrationMetric): CalibrationMetric {
  const advice =
    "--band-target proposes the faithfulness cascade's band: give --metric faithfulness " +
    "--metric-option faithfulness.verifier=<models.json id | directory> and --llm <judge>";
  if (choice.kind !== "built-in" || choice.id !== "faithfulness") {
    throw new InvalidInputError(`${advice} (the metric is not faithfulness)`);
  }
  if (choice.options.verifier === undefined) throw new InvalidInputError(`${advice} (no verifier was given)`);
  const band = choice.options.band;
  if (band !== undefined && JSON.stringify(band) !== "[0,1]") {
    throw new InvalidInputError(
      `--band-target needs faithfulness.band [0,1], so the judge scores every row beside the verifier; ` +
        `drop --metric-option faithfulness.band=${JSON.stringify(band)}`,
    );
  }
  return { ...choice, options: { ...choice.options, band: [0, 1] } };
}
