import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../port';
import { spawnTsChild } from '@whosright/testing/ts-child';
import { testCatalog } from '../testing/test-catalog';
import { createSqliteEventStore } from './sqlite-event-store';

const appendUntilKilledChild = new URL('../testing/append-until-killed.ts', import.meta.url);

interface Ack {
  ids: string[];
  stream: string;
  revision: bigint;
  position: bigint;
}

/** Lets a child append until it has acknowledged `target` appends, then SIGKILLs it. */
function appendUntilKilled(file: string, sync: string, target: number): Promise<Ack[]> {
  const child = spawnTsChild(appendUntilKilledChild, [file, sync]);
  const acks: Ack[] = [];
  let buffer = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop()!; // an unfinished line was not acknowledged to us yet
    for (const line of lines) {
      const [, ids, stream, revision, position] = line.split(' ');
      acks.push({
        ids: ids!.split(','),
        stream: stream!,
        revision: BigInt(revision!),
        position: BigInt(position!),
      });
    }
    if (acks.length >= target) child.kill('SIGKILL');
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL'
        ? resolve(acks)
        : reject(new Error(`writer exited on its own: ${stderr}`)),
    );
  });
}

describe('sqlite event store after a crash', () => {
  for (const sync of ['normal', 'full']) {
    it(`when the writer is killed mid-append (sync ${sync}) it keeps every acknowledged append and no gap or duplicate`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'eventstore-crash-'));
      const file = join(dir, 'events.db');
      const acks = await appendUntilKilled(file, sync, 50 + Math.floor(Math.random() * 250));

      const store = createSqliteEventStore({ file, catalog: testCatalog });
      const events: RecordedEvent[] = [];
      for await (const event of store.readAll()) events.push(event);
      await store.close();
      rmSync(dir, { recursive: true, force: true });

      expect(events.map((e) => e.position)).toEqual(events.map((_, i) => BigInt(i + 1)));
      const byStream = new Map<string, RecordedEvent[]>();
      for (const event of events)
        byStream.set(event.stream, [...(byStream.get(event.stream) ?? []), event]);
      for (const streamEvents of byStream.values()) {
        expect(streamEvents.map((e) => e.revision)).toEqual(streamEvents.map((_, i) => BigInt(i)));
      }
      const byId = new Map(events.map((e) => [e.id, e]));
      expect(byId.size).toBe(events.length);
      for (const ack of acks) {
        const last = byId.get(ack.ids.at(-1)!);
        expect(last).toMatchObject({
          stream: ack.stream,
          revision: ack.revision,
          position: ack.position,
        });
        for (const id of ack.ids) expect(byId.has(id)).toBe(true);
      }
      expect(events.length).toBeGreaterThanOrEqual(acks.reduce((n, a) => n + a.ids.length, 0));
    });
  }
});
