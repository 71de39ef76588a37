/** Local verifiers: small ONNX classifiers that score text pairs or flag unsupported spans on a CPU. */
export { HHEM_TEMPLATE, hhemInput } from "./hhem-template.js";
export { type LoadVerifierOptions, loadVerifier } from "./load-verifier.js";
export { mergeUnsupported } from "./span-merge.js";
export type * from "./types.js";
