import { describe, expect, it } from "vitest";
import { SharedCalls } from "../src/util/shared-calls.js";
import { controlledCall } from "./support/controlled-call.js";

describe("SharedCalls", () => {
  it("while running: callers at the same time share one call, a later caller starts anew", async () => {
    const calls = new SharedCalls<string, string>("while-running");
    const work = controlledCall<string>();
    const first = calls.share("k", work.start);
    const second = calls.share("k", work.start);
    expect(calls.held("k")).toBe(first);
    work.finish("v");
    expect([await first, await second]).toEqual(["v", "v"]);
    expect(calls.held("k")).toBeUndefined();
    const third = calls.share("k", work.start);
    work.finish("w");
    expect(await third).toBe("w");
    expect(work.starts()).toBe(2);
  });

  it("until failure: a value is computed once for good, a rejection lets the next caller try again", async () => {
    const calls = new SharedCalls<string, string>("until-failure");
    const work = controlledCall<string>();
    const failed = calls.share("k", work.start);
    work.fail(new Error("disk gone"));
    await expect(failed).rejects.toThrow("disk gone");
    expect(calls.held("k")).toBeUndefined();
    const retried = calls.share("k", work.start);
    work.finish("v");
    expect(await retried).toBe("v");
    expect(await calls.share("k", work.start)).toBe("v");
    expect(work.starts()).toBe(2);
  });

  it("holds object keys weakly in a WeakMap", async () => {
    const calls = new SharedCalls<object, number>("until-failure", new WeakMap());
    const key = {};
    let starts = 0;
    const start = async () => ++starts;
    expect(await calls.share(key, start)).toBe(1);
    expect(await calls.share(key, start)).toBe(1);
    expect(await calls.share({}, start)).toBe(2);
  });

  it("join: a waiting caller leaves on its own signal while the call goes on for the others", async () => {
    const calls = new SharedCalls<string, string>("while-running");
    const work = controlledCall<string>();
    const first = calls.join("k", work.start);
    const controller = new AbortController();
    const second = calls.join("k", work.start, controller.signal);
    controller.abort(new Error("second caller gave up"));
    await expect(second).rejects.toThrow("second caller gave up");
    work.finish("v");
    expect(await first).toEqual({ value: "v", shared: false });
  });

  it("join: when the call is stopped by its own caller, a waiting caller runs its own", async () => {
    const calls = new SharedCalls<string, string>("while-running");
    const controller = new AbortController();
    const aborted = controlledCall<string>();
    const first = calls.join("k", aborted.start, controller.signal);
    const second = calls.join("k", async () => "own value");
    controller.abort(new Error("first caller gave up"));
    aborted.fail(controller.signal.reason);
    await expect(first).rejects.toThrow("first caller gave up");
    expect(await second).toEqual({ value: "own value", shared: false });
  });
});
