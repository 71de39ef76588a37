// Progress rates over a sliding window, progress stopped once (at Ctrl-C before the notice), and the order of
// what a Ctrl-C writes.
import { describe, expect, it } from "vitest";
import { InterruptHandler } from "../src/cli/interrupt.js";
import { createProgress, type ProgressReporter, stopOnce } from "../src/evaluate/progress.js";

function lines(): { stream: NodeJS.WritableStream; written: string[] } {
  const written: string[] = [];
  return {
    stream: { write: (s: string) => written.push(s) > 0 } as unknown as NodeJS.WritableStream,
    written,
  };
}

describe("progress rate", () => {
  it("is measured over the last 30 s, not since the start", () => {
    const { stream, written } = lines();
    let now = 0;
    const progress = createProgress("lines", { stream, now: () => now, intervalMs: 1 });
    progress.start(1000, 0);
    // 100 rows in the first second (cache hits), then 1 row every 2 s.
    now = 1000;
    progress.update(100, 0);
    expect(written.at(-1)).toContain("100.00 rows/s");
    let done = 100;
    for (let i = 0; i < 40; i++) {
      now += 2000;
      progress.update(++done, 0);
    }
    // Since the start it would be 140 rows / 81 s = 1.73 rows/s; over the last 30 s it is 0.5.
    expect(written.at(-1)).toMatch(/ 0\.50 rows\/s, ETA 28m40s/);
  });

  it("starts afresh for a second run in the same process", () => {
    const { stream, written } = lines();
    let now = 50_000;
    const second = createProgress("lines", { stream, now: () => now, intervalMs: 1 });
    second.start(10, 0);
    now += 1000;
    second.update(2, 0);
    expect(written.at(-1)).toContain("2.00 rows/s");
  });
});

describe("progress with cache hits", () => {
  it("says cached for rows served from the cache and leaves them out of the rate", () => {
    const { stream, written } = lines();
    let now = 0;
    const progress = createProgress("lines", { stream, now: () => now, intervalMs: 1 });
    progress.start(100, 0);
    now = 10;
    progress.update(50, 0, 50);
    expect(written.at(-1)).toBe("airgap-eval: 50/100 rows (50%), cached, ETA ?, 50 cached, 0 errors\n");
    // 10 computed rows in the next 5 s: 2 rows/s, and 40 rows left at that rate.
    now = 5010;
    progress.update(60, 1, 50);
    expect(written.at(-1)).toBe("airgap-eval: 60/100 rows (60%), 2.00 rows/s, ETA 20s, 50 cached, 1 error\n");
  });
});

describe("stopOnce", () => {
  it("stops the reporter once and drops updates after it", () => {
    const calls: string[] = [];
    const inner: ProgressReporter = {
      start: (t, d) => calls.push(`start ${t} ${d}`),
      update: (d) => calls.push(`update ${d}`),
      stop: () => calls.push("stop"),
    };
    const progress = stopOnce(inner);
    progress.start(3, 0);
    progress.update(1, 0);
    progress.stop();
    progress.update(2, 0);
    progress.stop();
    expect(calls).toEqual(["start 3 0", "update 1", "stop"]);
  });

  it("at Ctrl-C, progress stops before the stopping notice is written", () => {
    const order: string[] = [];
    const target = { on: () => target, off: () => target } as unknown as Pick<NodeJS.Process, "on" | "off">;
    const stderr = { write: () => order.push("notice") > 0 } as unknown as NodeJS.WritableStream;
    const interrupt = new InterruptHandler({ stderr, target, exit: () => undefined });
    const progress = stopOnce({ start() {}, update() {}, stop: () => order.push("progress stopped") });
    interrupt.signal.addEventListener("abort", () => progress.stop(), { once: true });
    interrupt.interrupt();
    expect(order).toEqual(["progress stopped", "notice"]);
  });
});
