/** A call that settles when the test says so, counting how often it was started. */
export function controlledCall<V>() {
  let starts = 0;
  let finish!: (value: V) => void;
  let fail!: (err: unknown) => void;
  const start = () => {
    starts += 1;
    return new Promise<V>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { start, starts: () => starts, finish: (v: V) => finish(v), fail: (e: unknown) => fail(e) };
}
