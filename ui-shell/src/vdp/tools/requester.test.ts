import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { debouncedRequester } from "./requester";

/** A fake fetch-like sender: records each call and lets the test answer it. */
function fakeSend() {
  const calls: { body: number; signal: AbortSignal; resolve: (v: string) => void; reject: (e: unknown) => void }[] = [];
  const send = (body: number, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ body, signal, resolve, reject });
      signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
    });
  return { calls, send };
}

describe("debounced, cancelling repayment requests (300 ms)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends only the last body of a burst, after the quiet period", async () => {
    const { calls, send } = fakeSend();
    const onAnswer = vi.fn();
    const r = debouncedRequester({ delayMs: 300, send, onAnswer });
    r.request(1);
    await vi.advanceTimersByTimeAsync(200);
    r.request(2);
    await vi.advanceTimersByTimeAsync(299);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.body)).toEqual([2]);
    calls[0]?.resolve("two");
    await vi.advanceTimersByTimeAsync(0);
    expect(onAnswer).toHaveBeenCalledWith("two", 2);
  });

  it("aborts the request in flight when the inputs change, and never delivers its answer", async () => {
    const { calls, send } = fakeSend();
    const onAnswer = vi.fn();
    const onError = vi.fn();
    const r = debouncedRequester({ delayMs: 300, send, onAnswer, onError });
    r.request(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toHaveLength(1);
    r.request(2);
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[0]?.resolve("stale");
    await vi.advanceTimersByTimeAsync(300);
    calls[1]?.resolve("fresh");
    await vi.advanceTimersByTimeAsync(0);
    expect(onAnswer.mock.calls).toEqual([["fresh", 2]]);
    expect(onError).not.toHaveBeenCalled();
  });

  it("reports a failure of the latest request, and cancel() drops everything", async () => {
    const { calls, send } = fakeSend();
    const onAnswer = vi.fn();
    const onError = vi.fn();
    const r = debouncedRequester({ delayMs: 300, send, onAnswer, onError });
    r.request(1);
    await vi.advanceTimersByTimeAsync(300);
    calls[0]?.reject(new Error("offline"));
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledTimes(1);
    r.request(2);
    r.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    expect(onAnswer).not.toHaveBeenCalled();
  });
});
