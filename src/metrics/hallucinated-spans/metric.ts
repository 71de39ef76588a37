// `hallucinated_spans`, one folder: score.ts (the formula), descriptor.ts (id, fields, verifier, options), metric.ts
// (this class). The HTML report highlights `details.spans` in the response (src/report/span-highlight.ts). No judge,
// so no prompt.
import { InvalidInputError } from "../../errors.js";
import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { VerifierMetric, verifierDetail } from "../shared/verifier/verifier-metric.js";
import type { MetricResult } from "../types.js";
import { hallucinatedSpansDescriptor } from "./descriptor.js";
import { supportedCharacterShare } from "./score.js";

/** Options of {@link HallucinatedSpans}. */
export type HallucinatedSpansOptions = MetricOptionsOf<typeof hallucinatedSpansDescriptor>;

/** The fields the metric reads: the response, the retrieved contexts, and the question when the row has one. */
type Input = MetricInput<typeof hallucinatedSpansDescriptor>;

/**
 * Hallucinated spans (LettuceDetect): a token-classification verifier reads the retrieved contexts (joined by
 * newlines) with the question when the sample has one, and the response; adjacent response tokens whose
 * P(unsupported) is at least `threshold` become character spans of the response. The value is the share of the
 * response's characters outside every span: 1 when no span is found, 0 when the whole response is one. `details.spans`
 * lists each span (`start`, `end`, `text`, `probability`); the HTML report highlights them in the response.
 *
 * @example
 * const metric = new HallucinatedSpans({ verifier: await loadVerifier("/models/lettucedetect-base-modernbert-en-v1") });
 * const { details } = await metric.score({ response: "Paris has 90 million people.", retrievedContexts: ["Paris has 2 million people."] });
 */
export class HallucinatedSpans extends VerifierMetric<Input, "spans", typeof hallucinatedSpansDescriptor> {
  static readonly descriptor = hallucinatedSpansDescriptor;

  protected async compute(input: Input): Promise<MetricResult> {
    const verifier = await this.verifier.get();
    const { spans, truncated } = await verifier
      .unsupportedSpans(
        {
          context: input.retrievedContexts.join("\n"),
          ...(input.userInput !== undefined ? { question: input.userInput } : {}),
          response: input.response,
        },
        this.options.threshold,
      )
      .catch((err: unknown) => {
        throw responseTooLong(err, verifier.identity.id, verifier.maxTokens);
      });
    const value = supportedCharacterShare(input.response.length, spans);
    const characters = Math.round((1 - value) * input.response.length);
    return {
      value,
      status: "ok",
      reason:
        spans.length === 0
          ? "no span of the response is unsupported by the contexts"
          : `${spans.length} unsupported span(s), ${characters} of ${input.response.length} characters`,
      details: {
        spans: spans.map((s) => ({ start: s.start, end: s.end, text: s.text, probability: s.probability })),
        responseLength: input.response.length,
        threshold: this.options.threshold,
        ...(truncated ? { contextTruncated: true } : {}),
        verifier: verifierDetail(verifier.identity),
      },
    };
  }
}

/**
 * The span verifier's "second text alone takes N tokens" (the response does not fit its window, and only the context
 * may be cut) restated for the user: the metric, the field and what to do. Other errors pass unchanged.
 */
function responseTooLong(err: unknown, verifierId: string, maxTokens: number): unknown {
  if (!(err instanceof InvalidInputError) || err.field !== "second") return err;
  const takes = /takes ([\d–]+) tokens/.exec(err.message)?.[1];
  return new InvalidInputError(
    `hallucinated_spans: the response is too long for the span verifier ${verifierId}, which reads ${maxTokens} tokens ` +
      `with the context${takes !== undefined ? ` (the response alone takes ${takes} tokens)` : ""}. ` +
      "Shorten the response, or give hallucinated_spans option verifier a span verifier with a longer window",
    { field: "response" },
    { cause: err },
  );
}
