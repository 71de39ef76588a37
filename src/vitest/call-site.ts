/**
 * Where a user's code called one of our functions, kept as stack frames so that an error raised later (in a test
 * that function registered) points at the user's test file. vitest shows the code frame of the first stack frame
 * in a file it transformed (the user's tests, not an installed package), so an error thrown inside this package's
 * own `it` callback, whose stack holds only node_modules frames, would be located nowhere useful.
 */
export type CallSite = string;

/**
 * The stack frames above `fn`'s caller, e.g. the line of `evals.test.ts` that called `describeEval`.
 *
 * @example
 * const site = callSite(describeEval);
 */
// biome-ignore lint/complexity/noBannedTypes: any function is a valid stack boundary for captureStackTrace
export function callSite(fn: Function): CallSite {
  const holder: { stack?: string } = {};
  Error.captureStackTrace(holder, fn);
  return (holder.stack ?? "").split("\n").slice(1).join("\n");
}

/**
 * `error` with its stack replaced by its name and message followed by the frames of `site`, so that vitest
 * locates it at the user's call (the code frame and the stack it prints). Returns the same error.
 *
 * @example
 * throw atCallSite(new EvalFailure("faithfulness scored 0.2; expected >= 0.8"), site);
 */
export function atCallSite<E extends Error>(error: E, site: CallSite): E {
  if (site !== "") error.stack = `${error.name}: ${error.message}\n${site}`;
  return error;
}

/**
 * A row or an aggregate that missed its bars. Named `AssertionError`, as vitest's and node's own are, so it is printed as a failed
 * assertion: its message once, without a diff and without a list of its properties.
 */
export class EvalFailure extends Error {
  override name = "AssertionError";
}
