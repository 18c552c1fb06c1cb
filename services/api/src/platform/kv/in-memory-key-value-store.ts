import type { KeyValueStore } from './key-value-store';

interface Entry {
  value: string;
  timer: NodeJS.Timeout;
}

/** The embedded adapter: a map whose entries drop themselves when they expire (timers that never hold the process). */
export function createInMemoryKeyValueStore(): KeyValueStore {
  const entries = new Map<string, Entry>();

  function put(key: string, value: string, ttlMs: number): void {
    clearTimeout(entries.get(key)?.timer);
    const timer = setTimeout(() => entries.delete(key), ttlMs);
    timer.unref();
    entries.set(key, { value, timer });
  }

  return {
    get: (key) => Promise.resolve(entries.get(key)?.value),
    set(key, value, ttlMs) {
      put(key, value, ttlMs);
      return Promise.resolve();
    },
    setIfAbsent(key, value, ttlMs) {
      if (entries.has(key)) return Promise.resolve(false);
      put(key, value, ttlMs);
      return Promise.resolve(true);
    },
    delete(key) {
      clearTimeout(entries.get(key)?.timer);
      entries.delete(key);
      return Promise.resolve();
    },
    close() {
      for (const entry of entries.values()) clearTimeout(entry.timer);
      entries.clear();
      return Promise.resolve();
    },
  };
}
