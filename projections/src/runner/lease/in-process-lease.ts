import { abortError, type Lease, type LeaseManager } from './port';

/** The embedded mode's lease: one holder per name within this process, the next in line waits. */
export function createInProcessLeaseManager(): LeaseManager {
  const held = new Set<string>();
  const waiting = new Map<string, Array<() => void>>();

  function grant(name: string): Lease {
    held.add(name);
    const controller = new AbortController();
    let released = false;
    return {
      name,
      signal: controller.signal,
      release() {
        if (!released) {
          released = true;
          controller.abort(new Error(`Lease ${name} released`));
          held.delete(name);
          waiting.get(name)?.shift()?.();
        }
        return Promise.resolve();
      },
    };
  }

  return {
    acquire(name, { signal } = {}) {
      if (signal?.aborted) return Promise.reject(abortError(signal));
      if (!held.has(name)) return Promise.resolve(grant(name));
      return new Promise<Lease>((resolve, reject) => {
        const queue = waiting.get(name) ?? [];
        waiting.set(name, queue);
        const wake = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(grant(name));
        };
        const onAbort = () => {
          queue.splice(queue.indexOf(wake), 1);
          reject(abortError(signal!));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(wake);
      });
    },
    close() {
      waiting.clear();
      return Promise.resolve();
    },
  };
}
