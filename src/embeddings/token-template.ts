import { AirgapEvalError } from "../errors.js";
import type { LocalTokenizer } from "./transformers-runtime.js";

/** The special tokens a tokenizer's post-processor puts around one sequence, e.g. `[CLS] ... [SEP]`. */
export interface TokenTemplate {
  /** Ids placed before the text's tokens. */
  prefix: readonly number[];
  /** Ids placed after the text's tokens. */
  suffix: readonly number[];
}

/** A text turned into model input ids, with whether it had to be cut to fit. */
export interface EncodedText {
  ids: number[];
  truncated: boolean;
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * Finds the special-token template by encoding probe texts with and without special tokens. Truncation
 * then cuts the text's own tokens and keeps the template intact (as Hugging Face tokenizers do), so a cut
 * text still ends with `[SEP]`.
 */
export function detectTemplate(tokenizer: LocalTokenizer, modelDir: string): TokenTemplate {
  const probes = ["hello world", "the answer is 42.", "a", "1"];
  let template: TokenTemplate | undefined;
  for (const probe of probes) {
    const bare = tokenizer.encode(probe, null, { add_special_tokens: false });
    // A probe the vocabulary turns into nothing says nothing about where the text goes.
    if (bare.length === 0) continue;
    const full = tokenizer.encode(probe, null, { add_special_tokens: true });
    let found: TokenTemplate | undefined;
    for (let start = 0; start + bare.length <= full.length; start++) {
      if (sameIds(full.slice(start, start + bare.length), bare)) {
        found = { prefix: full.slice(0, start), suffix: full.slice(start + bare.length) };
        break;
      }
    }
    if (
      !found ||
      (template && !(sameIds(template.prefix, found.prefix) && sameIds(template.suffix, found.suffix)))
    ) {
      throw new AirgapEvalError(
        `${modelDir}: the tokenizer's special-token template could not be determined (it does not wrap the text's ` +
          "tokens in a fixed prefix and suffix); use a tokenizer.json with a TemplateProcessing or BERT/RoBERTa post-processor",
      );
    }
    template = found;
  }
  if (!template) {
    throw new AirgapEvalError(
      `${modelDir}: the tokenizer turns every probe text into no tokens; check tokenizer.json (its vocabulary or normalizer)`,
    );
  }
  return template;
}

/** Encodes `text` and cuts its own tokens so that, with the template, it fits in `maxLength` ids. */
export function encodeTruncated(
  tokenizer: LocalTokenizer,
  template: TokenTemplate,
  text: string,
  maxLength: number,
): EncodedText {
  const bare = tokenizer.encode(text, null, { add_special_tokens: false });
  const room = maxLength - template.prefix.length - template.suffix.length;
  const truncated = bare.length > room;
  const kept = truncated ? bare.slice(0, room) : bare;
  return { ids: [...template.prefix, ...kept, ...template.suffix], truncated };
}
