import type pg from 'pg';
import { listenOn } from '@whosright/eventstore/postgres/listen';
import type { Generation } from '../port';
import { activeGeneration, POINTER_CHANNEL } from './generations';

/**
 * The active generation of each projection, kept between reads while a LISTEN connection hears
 * every flip (`POINTER_CHANNEL`, notified in the flip's transaction): without it each read asked
 * PostgreSQL twice, once for the pointer and once for the documents. While that connection is
 * down nothing is kept. A pointer heard late names a copy whose tables the flip dropped: the
 * reader finds them gone, forgets the pointer and reads it again (collection-reader.ts).
 */
export class ActivePointers {
  private readonly kept = new Map<string, Promise<Generation | undefined>>();
  private listening = false;
  private readonly listener;

  constructor(
    private readonly pool: pg.Pool,
    config: pg.ClientConfig,
  ) {
    this.listener = listenOn(config, POINTER_CHANNEL, {
      onPayload: (projection) => this.kept.delete(projection),
      onListening: () => {
        this.kept.clear();
        this.listening = true;
      },
      onLost: () => {
        this.listening = false;
        this.kept.clear();
      },
    });
  }

  active(projection: string): Promise<Generation | undefined> {
    if (!this.listening) return activeGeneration(this.pool, projection);
    const kept = this.kept.get(projection);
    if (kept) return kept;
    const read = activeGeneration(this.pool, projection);
    this.kept.set(projection, read);
    // A projection with no copy yet, or a failed read, is asked again next time.
    read.then(
      (found) => {
        if (!found && this.kept.get(projection) === read) this.kept.delete(projection);
      },
      () => {
        if (this.kept.get(projection) === read) this.kept.delete(projection);
      },
    );
    return read;
  }

  forget(projection: string): void {
    this.kept.delete(projection);
  }

  close(): Promise<void> {
    this.listening = false;
    this.kept.clear();
    return this.listener.close();
  }
}
