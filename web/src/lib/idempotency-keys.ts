/**
 * Idempotency-Keys for writes. A key belongs to one user action: one body sent to one endpoint.
 * It is kept while the action's last attempt ended unsettled (no answer, a 5xx, a 429, or the
 * server still running the first attempt), so doing the same action again (posting the text the
 * comment box still holds after "Failed to post comment") sends the same key, and the server
 * answers what the first attempt did instead of writing twice. A settled answer, or another
 * write to the same endpoint, ends the action: the next write there gets a new key.
 */
export interface IdempotencyKeys {
  /** The key of sending `body` to `method url`: the unsettled action's, else a new one. */
  keyFor(method: string, url: string, body: string | undefined): string;
  /** How the attempt with `key` ended: `settled` ends its action. */
  ended(method: string, url: string, key: string, settled: boolean): void;
}

/** 128 random bits; `crypto.randomUUID` exists only on https pages and localhost. */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function createIdempotencyKeys(newKey: () => string = randomKey): IdempotencyKeys {
  const pending = new Map<string, { body: string | undefined; key: string }>();
  return {
    keyFor(method, url, body) {
      const endpoint = `${method} ${url}`;
      const open = pending.get(endpoint);
      if (open && open.body === body) return open.key;
      const key = newKey();
      pending.set(endpoint, { body, key });
      return key;
    },
    ended(method, url, key, settled) {
      const endpoint = `${method} ${url}`;
      if (settled && pending.get(endpoint)?.key === key) pending.delete(endpoint);
    },
  };
}

/**
 * Whether an answer settles its action: anything but a 5xx, a 429 (nothing ran) or a 409 whose
 * code says the first attempt is still running.
 */
export function settles(status: number, code: string | undefined): boolean {
  if (status >= 500 || status === 429) return false;
  return !(status === 409 && code === 'idempotency_in_progress');
}
