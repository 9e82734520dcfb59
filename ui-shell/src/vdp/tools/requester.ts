// Debounced, cancelling requests for the finance calculator (docs/features/platform.md
// "Finance and delivery tools"): every input change asks again after a quiet period, and an answer
// to inputs the shopper has since changed never lands.
// Spec: docs/features/shopper-core.md §3 "Finance calculator state", §5.

/** The calculator's quiet period before it asks the host, ms. */
export const REPAYMENT_DEBOUNCE_MS = 300;

/** Options of {@link debouncedRequester}. */
export interface RequesterOptions<B, A> {
  /** Quiet period, ms. */
  delayMs: number;
  /** Sends one request; must honour the signal (reject or resolve after abort: either is ignored). */
  send: (body: B, signal: AbortSignal) => Promise<A>;
  /** The answer to the latest body (never to a superseded one). */
  onAnswer: (answer: A, body: B) => void;
  /** The latest request failed (not called for aborted ones). */
  onError?: (error: unknown, body: B) => void;
}

/** What {@link debouncedRequester} returns. */
export interface Requester<B> {
  /** Asks for `body` after the quiet period; aborts the request in flight and any pending one. */
  request: (body: B) => void;
  /** Drops the pending request and aborts the one in flight (unmount). */
  cancel: () => void;
}

/**
 * A debounced requester (docs/features/shopper-core.md §5: the calculator's repayment comes from the host): each
 * `request(body)` restarts a `delayMs` timer and aborts the request in flight (AbortController),
 * so only the last body is sent and only its answer is delivered. Takes {@link RequesterOptions}
 * (delay in ms); returns {@link Requester}.
 */
export function debouncedRequester<B, A>({ delayMs, send, onAnswer, onError }: RequesterOptions<B, A>): Requester<B> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: AbortController | null = null;
  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    inFlight?.abort();
    inFlight = null;
  };
  return {
    request(body) {
      stop();
      timer = setTimeout(() => {
        timer = null;
        const ac = new AbortController();
        inFlight = ac;
        send(body, ac.signal).then(
          (answer) => {
            if (ac.signal.aborted) return;
            inFlight = null;
            onAnswer(answer, body);
          },
          (error: unknown) => {
            if (ac.signal.aborted) return;
            inFlight = null;
            onError?.(error, body);
          },
        );
      }, delayMs);
    },
    cancel: stop,
  };
}
