import type { MetricConfig } from "../metrics/types.js";
import { canonicalJson, modelIdentity } from "./hash.js";

function show(value: unknown): string {
  if (value === undefined) return "(none)";
  if (typeof value === "string") return value;
  return canonicalJson(value);
}

function diffRecords(
  label: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const out: string[] = [];
  for (const key of keys) {
    if (canonicalJson(before[key]) !== canonicalJson(after[key])) {
      out.push(`${label} ${key} ${show(before[key])} -> ${show(after[key])}`);
    }
  }
  return out;
}

/**
 * Differences between two configurations of one metric, in words, e.g.
 * `faithfulness: prompt version faithfulness/statements 1 -> 2` or
 * `faithfulness: model sha256 ab12… -> cd34…`. Empty when they hash alike.
 *
 * @example
 * describeConfigDifferences(oldConfig, metric.config()).join("; ");
 */
export function describeConfigDifferences(before: MetricConfig, after: MetricConfig): string[] {
  const name = after.name;
  const out: string[] = [];
  out.push(...diffRecords("prompt version", before.promptVersions ?? {}, after.promptVersions ?? {}));
  out.push(...diffRecords("option", before.options ?? {}, after.options ?? {}));
  const modelsBefore = before.models ?? [];
  const modelsAfter = after.models ?? [];
  if (modelsBefore.length !== modelsAfter.length) {
    out.push(
      `models ${modelsBefore.map((m) => m.id).join(", ") || "(none)"} -> ${modelsAfter.map((m) => m.id).join(", ") || "(none)"}`,
    );
  } else {
    modelsAfter.forEach((model, index) => {
      const a = modelIdentity(modelsBefore[index]!);
      const b = modelIdentity(model);
      const label = `${model.kind} model`;
      if (a.sha256 !== b.sha256) out.push(`${label} sha256 ${show(a.sha256)} -> ${show(b.sha256)}`);
      if (a.id !== b.id) out.push(`${label} id ${show(a.id)} -> ${show(b.id)}`);
      if (a.path !== b.path) out.push(`${label} path ${show(a.path)} -> ${show(b.path)}`);
      if (a.kind !== b.kind) out.push(`model ${index + 1} kind ${show(a.kind)} -> ${show(b.kind)}`);
      if (canonicalJson(a.runtime) !== canonicalJson(b.runtime)) {
        out.push(`${label} runtime ${show(a.runtime)} -> ${show(b.runtime)}`);
      }
      out.push(
        ...diffRecords(
          `${label} setting`,
          (a.settings ?? {}) as Record<string, unknown>,
          (b.settings ?? {}) as Record<string, unknown>,
        ),
      );
    });
  }
  return out.map((d) => `${name}: ${d}`);
}
