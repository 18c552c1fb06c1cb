/**
 * A post that outlives a lost connection. When the browser says it is offline, or the request
 * got no answer at all (fetch rejects with a TypeError; an HTTP answer is an ApiError), the post
 * waits instead of failing: the form keeps its text and says so, and the post goes again when the
 * window's `online` event fires (or, when the browser believes it is online although the request
 * failed, after a delay that doubles up to a minute). It is never written twice: the api client
 * keeps a write's Idempotency-Key after an attempt that got no answer, so the same text sent again
 * is answered with the first attempt's result if that one did reach the server.
 *
 * Cancel stops waiting and keeps the text; a form that goes away (a closed dialog, another story)
 * stops waiting with it. Closing the tab while a post waits asks first.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60_000;

/** The request got no HTTP answer: offline, the host unreachable, the connection reset. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/** What happens to one post; `onError` hears every failure but a lost connection. */
export interface PostCallbacks<TResult> {
  onSuccess?: (result: TResult) => void;
  onError?: (error: unknown) => void;
}

/** A TanStack mutation's `mutate`, or anything that posts like one. */
type Mutate<TPayload, TResult> = (
  payload: TPayload,
  callbacks: { onSuccess: (result: TResult) => void; onError: (error: unknown) => void },
) => void;

interface Waiting<TPayload, TResult> {
  payload: TPayload;
  callbacks: PostCallbacks<TResult>;
}

/**
 * Calls `back` once the connection may be back: on the `online` event, or after `retryMs` when
 * the browser already believes it is online (no event will come). Returns what stops it.
 */
function whenConnectionMayBeBack(retryMs: number, back: () => void): () => void {
  let timer: number | undefined;
  const stop = () => {
    window.removeEventListener('online', fire);
    window.clearTimeout(timer);
  };
  const fire = () => {
    stop();
    back();
  };
  window.addEventListener('online', fire);
  if (navigator.onLine) timer = window.setTimeout(fire, retryMs);
  return stop;
}

/** Asks before the tab closes: a post is still waiting for the connection. */
const askBeforeLeaving = (event: BeforeUnloadEvent) => event.preventDefault();

export function usePostWhenOnline<TPayload, TResult>(mutate: Mutate<TPayload, TResult>) {
  const [waiting, setWaiting] = useState<Waiting<TPayload, TResult> | null>(null);
  const retries = useRef(0);

  const submit = useCallback(
    (payload: TPayload, callbacks: PostCallbacks<TResult> = {}) => {
      if (!navigator.onLine) {
        setWaiting({ payload, callbacks });
        return;
      }
      mutate(payload, {
        onSuccess: (result) => {
          retries.current = 0;
          callbacks.onSuccess?.(result);
        },
        onError: (error) => {
          if (isNetworkFailure(error)) {
            setWaiting({ payload, callbacks });
            return;
          }
          retries.current = 0;
          callbacks.onError?.(error);
        },
      });
    },
    [mutate],
  );

  const cancel = useCallback(() => {
    retries.current = 0;
    setWaiting(null);
  }, []);

  useEffect(() => {
    if (!waiting) return;
    const retryMs = Math.min(FIRST_RETRY_MS * 2 ** retries.current, MAX_RETRY_MS);
    window.addEventListener('beforeunload', askBeforeLeaving);
    const stop = whenConnectionMayBeBack(retryMs, () => {
      retries.current += 1;
      setWaiting(null);
      submit(waiting.payload, waiting.callbacks);
    });
    return () => {
      stop();
      window.removeEventListener('beforeunload', askBeforeLeaving);
    };
  }, [waiting, submit]);

  return { submit, cancel, waiting: waiting !== null };
}
