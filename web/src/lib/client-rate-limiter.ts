/**
 * The client rate limiter in front of every API call.
 * - At most 25 requests per endpoint group in any 60 s window; one more fails at once with
 *   `429: Rate limit exceeded. Please wait a moment before trying again.`
 * - At least 100 ms between any two requests: calls are queued (delayed), never dropped.
 */
import {
  CLIENT_RATE_LIMIT,
  RATE_LIMIT_MESSAGE,
  type RateLimitGroup,
} from '@whosright/contracts/shared/constants';

export class RateLimitError extends Error {
  readonly status = 429;
  /** When (epoch ms) a call that queues after this refusal goes again: see `retryDelayAfterRefusal`. */
  readonly retryAt: number;

  /**
   * @param retryAfterMs when the group has room again: a caller that queues the call (rather than
   * showing the refusal) waits this long.
   */
  constructor(readonly retryAfterMs = 0) {
    super(`429: ${RATE_LIMIT_MESSAGE}`);
    this.name = 'RateLimitError';
    this.retryAt = Date.now() + retryDelayAfterRefusal(this);
  }
}

/** How long a refused call waits before it is tried again (the limiter's own hint, at least 1 s). */
export function retryDelayAfterRefusal(error: unknown): number {
  return error instanceof RateLimitError ? Math.max(1000, error.retryAfterMs) : 1000;
}

/** The path of a URL without origin, query or trailing slash. */
function pathOf(url: string): string {
  const path = new URL(url, 'http://local').pathname;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The endpoint group a call counts against, from its method and path. */
export function rateLimitGroup(method: string, url: string): RateLimitGroup {
  const path = pathOf(url);
  const verb = method.toUpperCase();
  if (/^\/api\/stories\/[^/]+\/track$/.test(path)) return 'story-track';
  if (/^\/api\/stories\/[^/]+\/vote$/.test(path))
    return verb === 'GET' ? 'story-get' : 'story-vote';
  if (path === '/api/stories/random') return 'story-random';
  if (verb === 'GET' && /^\/api\/stories\/[^/]+$/.test(path)) return 'story-get';
  if (path.startsWith('/api/auth/') || path === '/api/login' || path === '/api/logout') {
    return 'auth';
  }
  return 'general';
}

export interface ClientRateLimiterOptions {
  maxRequestsPerWindow?: number;
  windowMs?: number;
  minIntervalMs?: number;
  /** Clock and timer, replaceable in tests (fake timers work with the defaults too). */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface ClientRateLimiter {
  /** Resolves when the call may start; rejects with RateLimitError when its group is full. */
  acquire(group: RateLimitGroup): Promise<void>;
  reset(): void;
}

export function createClientRateLimiter(options: ClientRateLimiterOptions = {}): ClientRateLimiter {
  const max = options.maxRequestsPerWindow ?? CLIENT_RATE_LIMIT.maxRequestsPerWindow;
  const windowMs = options.windowMs ?? CLIENT_RATE_LIMIT.windowMs;
  const minIntervalMs = options.minIntervalMs ?? CLIENT_RATE_LIMIT.minIntervalMs;
  const now = options.now ?? (() => Date.now());
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /** Start times (past or already scheduled) of the calls in each group's window. */
  const starts = new Map<RateLimitGroup, number[]>();
  /** The earliest moment the next call may start. */
  let nextSlot = Number.NEGATIVE_INFINITY;

  return {
    async acquire(group) {
      const current = now();
      const inWindow = (starts.get(group) ?? []).filter((t) => t > current - windowMs);
      if (inWindow.length >= max) {
        starts.set(group, inWindow);
        throw new RateLimitError(Math.max(0, (inWindow[0] ?? current) + windowMs - current));
      }
      const startAt = Math.max(current, nextSlot);
      nextSlot = startAt + minIntervalMs;
      inWindow.push(startAt);
      starts.set(group, inWindow);
      const wait = startAt - current;
      if (wait > 0) await sleep(wait);
    },
    reset() {
      starts.clear();
      nextSlot = Number.NEGATIVE_INFINITY;
    },
  };
}

/** The one limiter every apiRequest goes through. */
export const clientRateLimiter = createClientRateLimiter();
