/**
 * The one place that creates onnxruntime sessions: embedding encoders and verifiers both open their ONNX file here,
 * from bytes read from disk (never a URL), with explicit thread settings.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { AirgapEvalError } from "../errors.js";

/** The parts of an onnxruntime tensor that airgap-eval reads and writes. */
export interface OrtTensor {
  readonly type: string;
  readonly dims: readonly number[];
  /** A getter in onnxruntime-node 1.17 (not an own property: do not copy a tensor with `Object.assign`). */
  readonly data: unknown;
}

/** The parts of an onnxruntime `InferenceSession` that airgap-eval uses. */
export interface OrtSession {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: Record<string, OrtTensor>): Promise<Record<string, OrtTensor>>;
  /** Frees the native session; `run` afterwards throws. */
  release(): Promise<void>;
}

/** onnxruntime session options that airgap-eval sets (a subset of onnxruntime-common's `SessionOptions`). */
export interface OrtSessionOptions {
  executionProviders: string[];
  intraOpNumThreads: number;
  interOpNumThreads: number;
  executionMode: "sequential" | "parallel";
  graphOptimizationLevel: "disabled" | "basic" | "extended" | "all";
  /** onnxruntime's own log: 0 verbose, 1 info, 2 warning, 3 error, 4 fatal. */
  logSeverityLevel: 0 | 1 | 2 | 3 | 4;
}

/** The onnxruntime-node module, typed by the parts airgap-eval uses. */
export interface OrtModule {
  InferenceSession: { create(model: Uint8Array, options: OrtSessionOptions): Promise<OrtSession> };
  Tensor: new (type: "int64", data: BigInt64Array, dims: readonly number[]) => OrtTensor;
}

let ortModule: Promise<OrtModule> | undefined;

/** The onnxruntime-node module (1.17.0), loaded once. */
export function onnxRuntime(): Promise<OrtModule> {
  // A non-literal specifier: the parts used are typed above.
  const specifier = "onnxruntime-node";
  ortModule ??= (import(specifier) as Promise<OrtModule & { default?: OrtModule }>).then(
    (m) => m.default ?? m,
  );
  return ortModule;
}

/**
 * The settings of every session: `threads` intra-op threads, one inter-op thread, sequential execution (the
 * encoders and classifiers here are chains of ops with nothing to run side by side), all graph optimisations, CPU
 * only, and onnxruntime's own log kept to fatal errors: a failed run is thrown and reported in airgap-eval's words
 * (naming the file), never also printed as onnxruntime's raw, colour-coded log lines. onnxruntime-node 1.17
 * validates these settings and honours them for a session created from bytes (1.14 ignored them).
 */
export function sessionOptions(threads: number): OrtSessionOptions {
  return {
    executionProviders: ["cpu"],
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: "sequential",
    graphOptimizationLevel: "all",
    logSeverityLevel: 4,
  };
}

/** An open session with the digest of the bytes it was built from. */
export interface OpenedSession {
  ort: OrtModule;
  session: OrtSession;
  /** sha256 (hex) of exactly the bytes the session was built from. */
  sha256: string;
}

/**
 * Reads `onnxPath` and creates a session with {@link sessionOptions}. The file is hashed once, from the bytes the
 * session is built from; `checkDigest` (when given) sees that sha256 before the session is created and throws to
 * refuse the file. A file onnxruntime cannot load is an {@link AirgapEvalError} naming it and ending with
 * `recovery` (what the user should do).
 */
export async function openOnnxSession(
  onnxPath: string,
  threads: number,
  options: { checkDigest?: ((sha256: string) => void) | undefined; recovery?: string } = {},
): Promise<OpenedSession> {
  const bytes = await readFile(onnxPath);
  // Not src/models/hash.ts's sha256File: that streams the file again from disk, and this digest must be of
  // exactly the bytes the session is built from.
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  options.checkDigest?.(sha256);
  const ort = await onnxRuntime();
  try {
    const session = await ort.InferenceSession.create(
      new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      sessionOptions(threads),
    );
    return { ort, session, sha256 };
  } catch (err) {
    throw new AirgapEvalError(
      `${onnxPath}: onnxruntime could not load the model (${err instanceof Error ? err.message : String(err)}); ` +
        `the file may be damaged: ${options.recovery ?? "copy it again"}`,
      { cause: err },
    );
  }
}
