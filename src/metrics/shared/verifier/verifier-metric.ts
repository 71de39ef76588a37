import type { Verifier, VerifierIdentity, VerifierTask } from "../../../verifiers/types.js";
import type { MetricDescriptor } from "../../descriptor.js";
import type { MetricConfig } from "../../types.js";
import { BaseMetric, type MetricConstructorArgs } from "../base/base-metric.js";
import { failureReason } from "../base/outcome.js";
import { VerifierHandle } from "./handle.js";

/** The options every verifier metric's parsed options hold. */
interface VerifierOptions {
  verifier: string | Verifier;
  threads?: number | undefined;
}

/**
 * The verifier of a metric, from its descriptor and parsed options: the `verifier` option (a source loaded on first
 * use with the `threads` option, or a loaded `Verifier`), checked to do one of the descriptor's `needsVerifier`
 * tasks. `VerifierMetric` builds one, and so does a judge metric that also reads a verifier (faithfulness_with_hhem).
 *
 * @example
 * this.verifier = metricVerifier<"consistency" | "nli">(this.descriptor, this.options);
 */
export function metricVerifier<T extends VerifierTask>(
  descriptor: MetricDescriptor,
  options: object,
): VerifierHandle<T> {
  const tasks = descriptor.needsVerifier;
  if (tasks === undefined || tasks.length === 0) {
    throw new Error(`${descriptor.id}: a verifier metric's descriptor must declare needsVerifier`);
  }
  const o = options as VerifierOptions;
  return new VerifierHandle(o.verifier, o.threads, tasks as readonly T[], {
    metric: descriptor.id,
    option: "verifier",
  });
}

/**
 * Base of the metrics that score with a local verifier and no judge: holds the verifier (loaded on first use and
 * shared process-wide, see `sharedVerifier`), scores one row at a time (the verifier batches each row's pairs), and
 * builds `config()` from the descriptor's options (the verifier as its source and, when passed as an object, its
 * sha256; `threads` left out: speed only) with no models and no prompts. The tasks a verifier must do are the
 * descriptor's `needsVerifier`; `T` names them for the type of the verifier (span or pair) the metric reads.
 */
export abstract class VerifierMetric<
  V,
  T extends VerifierTask,
  D extends MetricDescriptor = MetricDescriptor,
> extends BaseMetric<V, D> {
  protected readonly verifier: VerifierHandle<T>;

  constructor(...args: MetricConstructorArgs<D>) {
    super(...args);
    this.verifier = metricVerifier<T>(this.descriptor, this.options);
  }

  /** A failed row names the verifier the metric was given, and what to do. */
  protected override failureReason(): string {
    return failureReason(this.descriptor, this.verifier.source);
  }

  protected concurrency(): number {
    return 1;
  }

  config(): MetricConfig {
    const options: Record<string, string | number | boolean | null> = {};
    const parsed = this.options as Record<string, string | number | boolean | null | undefined>;
    for (const key of Object.keys(this.descriptor.options.shape)) {
      if (key === "verifier" || key === "threads") continue;
      options[key] = parsed[key] ?? null;
    }
    return {
      name: this.name,
      promptVersions: {},
      options: { ...options, ...this.verifier.config() },
      models: [],
    };
  }
}

/** The verifier's identity as each result's `details.verifier` records it. */
export function verifierDetail(identity: VerifierIdentity): {
  id: string;
  sha256: string;
  filesSha256?: string;
  task: VerifierTask;
} {
  const { id, sha256, filesSha256, task } = identity;
  return { id, sha256, ...(filesSha256 !== undefined ? { filesSha256 } : {}), task };
}
