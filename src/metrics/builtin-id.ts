// Built-in metric ids are reserved: a user-defined metric (a metric file's entry, a custom judge given a `name`,
// a class of the user's own) may not report under one, or merge, report compare, calibrate and --fail-under would
// mix its scores with the built-in metric's. The ids come from the catalog's class list, the one list of built-in
// metrics; this file is imported by the layers above the catalog (metric files, createMetric, evaluate, the test
// helpers) and never by a metric, so it is complete whatever the import order.
import { InvalidInputError } from "../errors.js";
import { metricClasses } from "./catalog.js";
import type { MetricClass } from "./shared/base-metric.js";
import type { Metric } from "./types.js";

function builtInClass(id: string): MetricClass | undefined {
  return metricClasses.find((c) => c.descriptor.id === id);
}

/**
 * Whether `id` is a built-in metric's id (`faithfulness`, `aspect_critic`, ...).
 *
 * @example
 * isBuiltInMetricId("faithfulness"); // true
 * isBuiltInMetricId("on_topic"); // false
 */
export function isBuiltInMetricId(id: string): boolean {
  return builtInClass(id) !== undefined;
}

/** Why a user-defined metric may not take the built-in id `id`, and what to do. */
export function builtInIdProblem(id: string): string {
  return `"${id}" is the id of a built-in metric, whose results this metric's would be mixed with (in merge, report compare and --fail-under); give it an id of its own, e.g. my_${id}`;
}

/**
 * Refuses a metric that reports under a built-in metric's id without being that metric (an instance of its class or
 * a subclass): an `InvalidInputError` naming the id and suggesting another.
 *
 * @example
 * checkMetricId(new AspectCritic({ llm, name: "faithfulness", definition })); // throws
 */
export function checkMetricId(metric: Pick<Metric, "name">): void {
  const builtIn = builtInClass(metric.name);
  if (builtIn !== undefined && !(metric instanceof (builtIn as unknown as abstract new () => unknown))) {
    const kind = (metric as object).constructor?.name;
    const what = kind !== undefined && kind !== "Object" ? ` (${kind})` : "";
    throw new InvalidInputError(`metric${what}: ${builtInIdProblem(metric.name)}`);
  }
}
