/**
 * Euclidean (L2) norm of a vector.
 *
 * @example
 * l2Norm([3, 4]); // 5
 */
export function l2Norm(v: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!;
    sum += x * x;
  }
  return Math.sqrt(sum);
}
