/**
 * The one import of `@xenova/transformers` (its tokenizers and its `env` globals; the ONNX sessions are created
 * from onnxruntime-node directly, see local-runtime.ts).
 *
 * The published package does not depend on `@xenova/transformers`: `scripts/bundle-transformers.ts` replaces this
 * file in `dist/` by a bundle of exactly these parts of transformers.js (Apache-2.0, notice in
 * `dist/vendor/transformers-NOTICE.md`). transformers.js 2.17.2 depends on sharp 0.32, whose install script
 * downloads libvips from outside the npm registry and fails on a registry-only machine; the tokenizers never use
 * sharp, so the bundle leaves it out and a user's `npm install` never sees it.
 */
import { AutoTokenizer as XenovaAutoTokenizer, env as xenovaEnv } from "@xenova/transformers";

/** The parts of a transformers.js tokenizer that airgap-eval uses. */
export interface LocalTokenizer {
  /** Token ids of `text` (no second sequence), with or without the special tokens around it. */
  encode(text: string, textPair: null, options: { add_special_tokens: boolean }): number[];
  /** `model_max_length` from tokenizer_config.json, when declared. */
  readonly model_max_length?: unknown;
  /** Id of the unknown token, when the vocabulary has one. */
  readonly unk_token_id?: unknown;
  /** Id of the padding token, when the vocabulary has one. */
  readonly pad_token_id?: number | null | undefined;
}

/** The transformers.js globals that airgap-eval sets before every load (remote loading off). */
export interface TransformersEnv {
  allowRemoteModels: boolean;
  allowLocalModels: boolean;
  useBrowserCache: boolean;
  useFSCache: boolean;
  localModelPath: string;
  cacheDir: string | null;
  /** The transformers.js version. */
  readonly version: string;
}

/** transformers.js's `AutoTokenizer`, narrowed to local loading. */
export const AutoTokenizer: {
  from_pretrained(name: string, options: { local_files_only: boolean }): Promise<LocalTokenizer>;
} = XenovaAutoTokenizer;

/** transformers.js's `env` globals. */
export const env: TransformersEnv = xenovaEnv as TransformersEnv;
