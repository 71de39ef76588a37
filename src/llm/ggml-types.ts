/**
 * Bytes per block and values per block of the ggml tensor types (ggml.h `ggml_type`), as
 * `[typeSize, blockSize]`; checked against the sizes the bundled llama.cpp binary reports. Types
 * missing here (removed or future ones) are skipped by the size check.
 */
const GGML_TYPES: Record<number, readonly [number, number]> = {
  0: [4, 1], // F32
  1: [2, 1], // F16
  2: [18, 32], // Q4_0
  3: [20, 32], // Q4_1
  6: [22, 32], // Q5_0
  7: [24, 32], // Q5_1
  8: [34, 32], // Q8_0
  9: [36, 32], // Q8_1
  10: [84, 256], // Q2_K
  11: [110, 256], // Q3_K
  12: [144, 256], // Q4_K
  13: [176, 256], // Q5_K
  14: [210, 256], // Q6_K
  15: [292, 256], // Q8_K
  16: [66, 256], // IQ2_XXS
  17: [74, 256], // IQ2_XS
  18: [98, 256], // IQ3_XXS
  19: [50, 256], // IQ1_S
  20: [18, 32], // IQ4_NL
  21: [110, 256], // IQ3_S
  22: [82, 256], // IQ2_S
  23: [136, 256], // IQ4_XS
  24: [1, 1], // I8
  25: [2, 1], // I16
  26: [4, 1], // I32
  27: [8, 1], // I64
  28: [8, 1], // F64
  29: [56, 256], // IQ1_M
  30: [2, 1], // BF16
  34: [54, 256], // TQ1_0
  35: [66, 256], // TQ2_0
  39: [17, 32], // MXFP4
  // Newer types; sizes as the llama.cpp binary of node-llama-cpp 3.21.1 reports them.
  40: [36, 64],
  41: [18, 128],
  42: [18, 64],
};

/**
 * `[typeSize, blockSize]` of a ggml tensor type (bytes per block, values per block), or undefined for a type
 * not in the table (removed or newer than the bundled llama.cpp).
 *
 * @example
 * ggmlTypeLayout(12); // [144, 256]: Q4_K
 */
export function ggmlTypeLayout(type: number): readonly [number, number] | undefined {
  return GGML_TYPES[type];
}
