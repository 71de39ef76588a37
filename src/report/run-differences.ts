import type { ModelProvenance } from "../provenance.js";
import type { RunMetadata } from "../results/types.js";
import { keyDifferences } from "../util/key-differences.js";

/** What two runs are compared on: the runtime list and the models in the metric configurations. */
export type RunFacts = Pick<RunMetadata, "runtime" | "metrics">;

/** Each model of a run once, by kind and id (a metric's copy of the judge's provenance is the judge's). */
function modelsOf(metadata: RunFacts | undefined): Map<string, ModelProvenance> {
  const out = new Map<string, ModelProvenance>();
  for (const config of Object.values(metadata?.metrics ?? {})) {
    for (const model of config.models ?? []) out.set(`${model.kind} ${model.id}`, model);
  }
  return out;
}

/**
 * How two runs were made differently, in words, one line each: the machine and runtime (`runtime cpu AMD EPYC ... ->
 * Intel Xeon ...`), each model's runtime, settings (`llm stories260K setting cpuBuild haswell -> zen4`)
 * and speed settings (`llm stories260K speed setting threads 1 -> 2`). Start and end times are not compared.
 * Empty when the runs were made alike.
 *
 * @example
 * for (const line of runDifferences(before.metadata, after.metadata)) console.log(line);
 */
export function runDifferences(a: RunFacts | undefined, b: RunFacts | undefined): string[] {
  const out = keyDifferences("runtime", a?.runtime, b?.runtime);
  const modelsA = modelsOf(a);
  const modelsB = modelsOf(b);
  for (const key of [...new Set([...modelsA.keys(), ...modelsB.keys()])].sort()) {
    const ma = modelsA.get(key);
    const mb = modelsB.get(key);
    if (ma === undefined || mb === undefined) {
      out.push(`${key}: ${ma === undefined ? "only in the second run" : "only in the first run"}`);
      continue;
    }
    out.push(...keyDifferences(key, { sha256: ma.sha256 ?? null }, { sha256: mb.sha256 ?? null }));
    out.push(...keyDifferences(`${key} runtime`, ma.runtime, mb.runtime));
    out.push(...keyDifferences(`${key} setting`, ma.settings, mb.settings));
    out.push(...keyDifferences(`${key} speed setting`, ma.performance, mb.performance));
  }
  return out;
}
