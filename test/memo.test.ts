import { describe, expect, it } from "vitest";
import { Memo } from "../src/util/memo.js";
import { controlledCall } from "./support/controlled-call.js";

describe("Memo", () => {
  it("computes a key once for callers running at the same time and for later callers", async () => {
    const memo = new Memo<string>(8);
    const work = controlledCall<string>();
    const first = memo.get("k", work.start);
    const second = memo.get("k", work.start);
    work.finish("v");
    expect(await first).toEqual({ value: "v", hit: false });
    expect(await second).toEqual({ value: "v", hit: true });
    expect(await memo.get("k", work.start)).toEqual({ value: "v", hit: true });
    expect(work.starts()).toBe(1);
    expect(memo.hits).toBe(2);
  });

  it("keeps only the most recently used entries", async () => {
    const memo = new Memo<string>(2);
    let runs = 0;
    const compute = (value: string) => async () => {
      runs += 1;
      return value;
    };
    await memo.get("a", compute("A"));
    await memo.get("b", compute("B"));
    await memo.get("a", compute("A")); // a is now the most recent
    await memo.get("c", compute("C")); // drops b
    expect(runs).toBe(3);
    expect((await memo.get("a", compute("A"))).hit).toBe(true);
    expect((await memo.get("b", compute("B"))).hit).toBe(false);
    expect(runs).toBe(4);
  });

  it("does not keep failures: the waiting caller gets the error, the next caller computes again", async () => {
    const memo = new Memo<string>(8);
    const work = controlledCall<string>();
    const first = memo.get("k", work.start);
    const second = memo.get("k", work.start);
    work.fail(new Error("bad input"));
    await expect(first).rejects.toThrow("bad input");
    await expect(second).rejects.toThrow("bad input");
    const third = memo.get("k", work.start);
    work.finish("v");
    expect(await third).toEqual({ value: "v", hit: false });
    expect(work.starts()).toBe(2);
  });

  it("computes again for a waiting caller when the shared computation was aborted by its own caller", async () => {
    const memo = new Memo<string>(8);
    const controller = new AbortController();
    const aborted = controlledCall<string>();
    const first = memo.get("k", aborted.start, controller.signal);
    const second = memo.get("k", async () => "own value");
    controller.abort(new Error("first caller gave up"));
    aborted.fail(controller.signal.reason);
    await expect(first).rejects.toThrow("first caller gave up");
    expect(await second).toEqual({ value: "own value", hit: false });
  });

  it("lets a waiting caller stop on its own signal while the shared computation goes on", async () => {
    const memo = new Memo<string>(8);
    const work = controlledCall<string>();
    const first = memo.get("k", work.start);
    const controller = new AbortController();
    const second = memo.get("k", work.start, controller.signal);
    controller.abort(new Error("second caller gave up"));
    await expect(second).rejects.toThrow("second caller gave up");
    work.finish("v");
    expect(await first).toEqual({ value: "v", hit: false });
    await expect(memo.get("k", work.start, controller.signal)).rejects.toThrow("second caller gave up");
  });

  it("after an aborted leader, waiting callers compute the value once between them", async () => {
    const memo = new Memo<string>(8);
    const controller = new AbortController();
    const aborted = controlledCall<string>();
    const first = memo.get("k", aborted.start, controller.signal);
    let runs = 0;
    const again = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return "v";
    };
    const waiting = [memo.get("k", again), memo.get("k", again), memo.get("k", again)];
    controller.abort(new Error("stop"));
    aborted.fail(controller.signal.reason);
    await expect(first).rejects.toThrow("stop");
    const results = await Promise.all(waiting);
    expect(results.map((r) => r.value)).toEqual(["v", "v", "v"]);
    expect(runs).toBe(1);
  });

  it("with size 0 shares nothing", async () => {
    const memo = new Memo<string>(0);
    let runs = 0;
    const compute = async () => {
      runs += 1;
      return "v";
    };
    const results = await Promise.all([memo.get("k", compute), memo.get("k", compute)]);
    await memo.get("k", compute);
    expect(results).toEqual([
      { value: "v", hit: false },
      { value: "v", hit: false },
    ]);
    expect(runs).toBe(3);
    expect(memo.hits).toBe(0);
  });
});
