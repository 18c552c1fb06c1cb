import { describe, expect, it } from 'vitest';
import type { LeaseManager } from './port';

/** What every lease adapter guarantees: one holder per name, the next one waits. */
export function leaseContract(name: string, managers: () => [LeaseManager, LeaseManager]): void {
  describe(`lease contract: ${name}`, () => {
    it('when a lease is held a second acquirer waits until it is released', async () => {
      const [a, b] = managers();
      const first = await a.acquire('projection:x');
      let second: Awaited<ReturnType<LeaseManager['acquire']>> | undefined;
      const waiting = b.acquire('projection:x').then((lease) => (second = lease));
      // Shows the second does NOT get the lease while it is held: only time can show that.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(second).toBeUndefined();
      await first.release();
      await waiting;
      expect(second?.signal.aborted).toBe(false);
      expect(first.signal.aborted).toBe(true);
      await second!.release();
    });

    it('when names differ both are held at once', async () => {
      const [a, b] = managers();
      const x = await a.acquire('projection:x');
      const y = await b.acquire('projection:y');
      expect([x.signal.aborted, y.signal.aborted]).toEqual([false, false]);
      await Promise.all([x.release(), y.release()]);
    });

    it('when a waiting acquirer is aborted it stops waiting', async () => {
      const [a, b] = managers();
      const held = await a.acquire('projection:z');
      const controller = new AbortController();
      const waiting = b.acquire('projection:z', { signal: controller.signal });
      controller.abort(new Error('shutting down'));
      await expect(waiting).rejects.toThrow('shutting down');
      await held.release();
    });
  });
}
