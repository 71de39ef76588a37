/**
 * How many leading prompt tokens a sequence may keep, so that the call's answer is bit-for-bit the answer of a
 * cleared sequence.
 *
 * A cleared sequence reads a prompt of `promptLength` tokens in batches of `batchSize`, so its last prompt
 * token is read alone exactly when `promptLength % batchSize === 1`. llama.cpp's CPU kernels compute a one-token
 * batch with other code than a longer batch, and the next-token probabilities then differ in the last bits
 * (measured on F32 models; multi-token batches of any size agree). So the kept part is chosen to make the
 * remaining tokens end in a one-token batch exactly when a cleared sequence's would. At least the last prompt
 * token is always read again: its logits choose the first answer token.
 *
 * @param shared leading tokens the sequence already holds that equal the prompt's
 * @example
 * reusableLength(500, 600, 512); // 500: the last 100 tokens are read as one batch (a fresh read ends in one of 88)
 * reusableLength(512, 513, 512); // 512: a fresh read ends in a one-token batch (513 = 512 + 1), and so does this
 * reusableLength(300, 513, 512); // 0: only a kept multiple of 512 would end in a one-token batch
 */
export function reusableLength(shared: number, promptLength: number, batchSize: number): number {
  let keep = Math.max(0, Math.min(shared, promptLength - 1));
  if (batchSize <= 1) return keep;
  if (promptLength % batchSize === 1) keep -= keep % batchSize;
  else if ((promptLength - keep) % batchSize === 1) keep -= 1;
  return keep;
}
