import type { ModelProvenance } from "../provenance.js";
import type { RunMetadata } from "../results/types.js";

function show(value: unknown): string {
  if (value === undefined) return "(none)";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function differingKeys(
  label: string,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): string[] {
  const a = before ?? {};
  const b = after ?? {};
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .sort()
    .filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .map((key) => `${label} ${key}: ${show(a[key])} -> ${show(b[key])}`);
}

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
 * How two runs were made differently, in words, one line each: the machine and runtime (`runtime cpu: AMD EPYC
 * ... -> Intel Xeon ...`), each model's runtime, settings (`llm stories260K setting cpuBuild: haswell -> zen4`)
 * and speed settings (`llm stories260K speed setting threads: 1 -> 2`). Start and end times are not compared.
 * Empty when the runs were made alike.
 *
 * @example
 * for (const line of runDifferences(before.metadata, after.metadata)) console.log(line);
 */
export function runDifferences(a: RunFacts | undefined, b: RunFacts | undefined): string[] {
  const out = differingKeys("runtime", a?.runtime, b?.runtime);
  const modelsA = modelsOf(a);
  const modelsB = modelsOf(b);
  for (const key of [...new Set([...modelsA.keys(), ...modelsB.keys()])].sort()) {
    const ma = modelsA.get(key);
    const mb = modelsB.get(key);
    if (ma === undefined || mb === undefined) {
      out.push(`${key}: ${ma === undefined ? "only in the second run" : "only in the first run"}`);
      continue;
    }
    if ((ma.sha256 ?? null) !== (mb.sha256 ?? null))
      out.push(`${key} sha256: ${show(ma.sha256)} -> ${show(mb.sha256)}`);
    out.push(...differingKeys(`${key} runtime`, ma.runtime, mb.runtime));
    out.push(...differingKeys(`${key} setting`, ma.settings, mb.settings));
    out.push(...differingKeys(`${key} speed setting`, ma.performance, mb.performance));
  }
  return out;
}
