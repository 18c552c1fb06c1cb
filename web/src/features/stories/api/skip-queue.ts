/**
 * Skips reach the server (POST /api/stories/{id}/track {action: 'skip'}), so the poor-performer
 * ranking counts them and the draw never brings a skipped story back. A skip is written to
 * localStorage before anything is sent and leaves it only once the server has answered it: a
 * closed tab, a reload or a lost connection delays a skip, never loses it.
 * - One at a time, oldest first, through the api client (within the client rate limit). A refusal
 *   by the client limiter or a 429 waits as long as it was told, then goes again; no answer or a
 *   5xx goes again after 1 s, doubling up to a minute, and at once when the browser is back online.
 * - When the page is hidden (another tab, the tab closed, the app sent to the background) every
 *   waiting skip goes at once with `fetch(..., {keepalive: true})`, which outlives the page; it
 *   stays stored until an answer arrives. The server counts a skip once per viewer and story, so
 *   one sent twice (a page closed before the answer came, two tabs) changes nothing the second time.
 * - `start()` (the app's first load, once it has painted) sends what an earlier page left behind;
 *   `add()` listens for the page hiding too.
 * - `pending()` lists the skips not yet answered: the random draw leaves them out too.
 */
import { apiRequest, ApiError } from '#web/lib/api-client.ts';
import { RateLimitError, retryDelayAfterRefusal } from '#web/lib/client-rate-limiter.ts';

export const PENDING_SKIPS_KEY = 'whosright:pending-skips';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

const trackUrl = (storyId: string) => `/api/stories/${encodeURIComponent(storyId)}/track`;
const SKIP_BODY = JSON.stringify({ action: 'skip' });

export interface SkipQueueDeps {
  /** The skip through the api client (and its rate limiter); rejects as apiRequest does. */
  send: (storyId: string) => Promise<unknown>;
  /** The skip as the page goes away: a request that outlives the page. */
  sendAsPageHides: (storyId: string) => Promise<Response>;
  storage: () => Storage | null;
}

const browserDeps: SkipQueueDeps = {
  send: (storyId) => apiRequest('POST', trackUrl(storyId), { body: { action: 'skip' } }),
  sendAsPageHides: (storyId) =>
    fetch(trackUrl(storyId), {
      method: 'POST',
      keepalive: true,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: SKIP_BODY,
    }),
  storage: () => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  },
};

/**
 * A refusal that will not change if the same skip is sent again: the story is gone or no longer
 * approved (404), or the id is not a story's (400). Such a story is never drawn anyway, so the
 * skip is dropped rather than blocking the ones behind it. 408 and 429 are worth another try.
 */
function refusedForGood(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

const isStoryId = (value: unknown): value is string =>
  typeof value === 'string' && /^story_[A-Za-z0-9]{1,60}$/.test(value);

export type SkipQueue = ReturnType<typeof createSkipQueue>;

export function createSkipQueue(deps: SkipQueueDeps = browserDeps) {
  /** Where skips wait when the browser gives no storage, or refused a write (full, locked down). */
  let memory: string[] = [];
  let memoryOnly = false;
  const storage = () => (memoryOnly ? null : deps.storage());
  /** Bumped by `reset`: a send still running from before ends quietly. */
  let generation = 0;
  let draining = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  /** Skips sent with keepalive whose answer has not come: a second page-hide event skips them. */
  const sentAsHidden = new Set<string>();

  function read(): string[] {
    const stored = storage();
    if (!stored) return memory;
    try {
      const ids: unknown = JSON.parse(stored.getItem(PENDING_SKIPS_KEY) ?? '[]');
      return Array.isArray(ids) ? ids.filter(isStoryId) : [];
    } catch {
      return [];
    }
  }

  function write(ids: string[]): void {
    memory = ids;
    const stored = storage();
    try {
      if (ids.length === 0) stored?.removeItem(PENDING_SKIPS_KEY);
      else stored?.setItem(PENDING_SKIPS_KEY, JSON.stringify(ids));
    } catch {
      // Storage full or refused: the skips wait in memory for this page's life.
      memoryOnly = true;
    }
  }

  const answered = (storyId: string) => write(read().filter((id) => id !== storyId));

  /** How long to wait before sending again after `error`; null when the skip is dropped. */
  function waitAfter(error: unknown): number | null {
    if (error instanceof RateLimitError) return retryDelayAfterRefusal(error);
    if (error instanceof ApiError && refusedForGood(error.status)) {
      console.warn(`The skip was refused for good: ${error.message}`);
      return null;
    }
    if (error instanceof ApiError && error.status === 429 && error.retryAfterMs !== undefined)
      return Math.max(FIRST_RETRY_MS, error.retryAfterMs);
    const wait = Math.min(FIRST_RETRY_MS * 2 ** failures, MAX_RETRY_MS);
    failures += 1;
    return wait;
  }

  function retryIn(ms: number): void {
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      kick();
    }, ms);
  }

  async function drain(own: number): Promise<void> {
    draining = true;
    try {
      for (let id = read()[0]; id !== undefined && own === generation; id = read()[0]) {
        try {
          await deps.send(id);
          failures = 0;
          answered(id);
        } catch (error) {
          if (own !== generation) return;
          const wait = waitAfter(error);
          if (wait === null) answered(id);
          else return retryIn(wait);
        }
      }
    } finally {
      if (own === generation) draining = false;
    }
  }

  function kick(): void {
    if (draining || retryTimer !== undefined) return;
    void drain(generation);
  }

  function sendAsPageHides(): void {
    for (const id of read()) {
      if (sentAsHidden.has(id)) continue;
      sentAsHidden.add(id);
      deps
        .sendAsPageHides(id)
        .then((response) => {
          if (response.ok || refusedForGood(response.status)) answered(id);
        })
        // No answer: the skip stays stored for the next page or the next try.
        .catch(() => undefined)
        .finally(() => sentAsHidden.delete(id));
    }
  }

  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') sendAsPageHides();
  };
  const onOnline = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    failures = 0;
    kick();
  };
  let started = false;
  const listen = () => {
    if (started) return;
    started = true;
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', sendAsPageHides);
    window.addEventListener('online', onOnline);
  };

  return {
    /** Records the skip (once per story) and sends it when its turn comes, or as the page hides. */
    add(storyId: string): void {
      const ids = read();
      if (!ids.includes(storyId)) write([...ids, storyId]);
      listen();
      kick();
    },
    /** The skips the server has not answered yet, oldest first. */
    pending(): string[] {
      return read();
    },
    /** Listens for the page hiding and the connection coming back; sends what is stored. */
    start(): void {
      listen();
      kick();
    },
    /** Test helper: forgets every skip and stops listening and sending. */
    reset(): void {
      generation += 1;
      draining = false;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      failures = 0;
      memory = [];
      memoryOnly = false;
      sentAsHidden.clear();
      started = false;
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', sendAsPageHides);
      window.removeEventListener('online', onOnline);
    },
  };
}

/** The app's one queue of skips. */
export const skipQueue = createSkipQueue();
