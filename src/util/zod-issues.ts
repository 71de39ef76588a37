import type { z } from "zod";

/**
 * The issues of a failed zod parse on one line, each as `path: message` (`(root)` for the value
 * itself), joined by `; `. The one formatter the project uses where an error message must stay on
 * one line (judge answers, results rows, option checks); `z.prettifyError` gives the multi-line form.
 *
 * @example
 * const r = z.object({ verdict: z.literal(1) }).safeParse({ verdict: 2 });
 * if (!r.success) zodIssuesText(r.error); // 'verdict: Invalid input: expected 1'
 */
export function zodIssuesText(error: z.ZodError): string {
  return error.issues.map(zodIssueText).join("; ");
}

/**
 * One zod issue as `path: message` (`(root)` for the value itself), as {@link zodIssuesText} writes each.
 *
 * @example
 * zodIssueText(result.error.issues[0]!); // 'datasets.0.id: Invalid input: expected string'
 */
export function zodIssueText(issue: z.core.$ZodIssue): string {
  return `${issue.path.length > 0 ? issue.path.join(".") : "(root)"}: ${issue.message}`;
}
