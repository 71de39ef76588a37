import type { MetricConfig } from "../metrics/types.js";
import { canonicalJson, modelIdentity } from "../results/hash.js";
import { keyDifferences, showValue } from "../util/key-differences.js";

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
  out.push(...keyDifferences("prompt version", before.promptVersions ?? {}, after.promptVersions ?? {}));
  out.push(...keyDifferences("option", before.options ?? {}, after.options ?? {}));
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
      if (a.sha256 !== b.sha256) out.push(`${label} sha256 ${showValue(a.sha256)} -> ${showValue(b.sha256)}`);
      if (a.filesSha256 !== b.filesSha256)
        out.push(`${label} filesSha256 ${showValue(a.filesSha256)} -> ${showValue(b.filesSha256)}`);
      if (a.id !== b.id) out.push(`${label} id ${showValue(a.id)} -> ${showValue(b.id)}`);
      if (a.path !== b.path) out.push(`${label} path ${showValue(a.path)} -> ${showValue(b.path)}`);
      if (a.kind !== b.kind) out.push(`model ${index + 1} kind ${showValue(a.kind)} -> ${showValue(b.kind)}`);
      if (canonicalJson(a.runtime) !== canonicalJson(b.runtime)) {
        out.push(`${label} runtime ${showValue(a.runtime)} -> ${showValue(b.runtime)}`);
      }
      out.push(
        ...keyDifferences(
          `${label} setting`,
          (a.settings ?? {}) as Record<string, unknown>,
          (b.settings ?? {}) as Record<string, unknown>,
        ),
      );
    });
  }
  return out.map((d) => `${name}: ${d}`);
}
