import { describe, expect, it } from 'vitest';
import { InvalidEvent } from './errors';
import { decodeData, parseUntil, prepareEvents } from './event-codec';
import { testCatalog, testMetadata } from './testing/test-catalog';

describe('event codec', () => {
  it('when metadata has no recorded time it stamps the append time and serializes data and metadata once', () => {
    const now = new Date('2026-01-02T03:04:05.678Z');
    const [event] = prepareEvents(
      testCatalog,
      [{ type: 'CounterIncremented', data: { by: 1 }, metadata: testMetadata }],
      now,
    );
    expect(event).toMatchObject({
      type: 'CounterIncremented',
      version: 1,
      dataJson: '{"by":1}',
      recordedAtMs: now.getTime(),
    });
    expect(JSON.parse(event!.metadataJson)).toEqual({
      ...testMetadata,
      recordedAt: '2026-01-02T03:04:05.678Z',
    });
  });

  it('when a given recorded time is not an ISO date-time it names metadata.recordedAt in the error', () => {
    const error = (() => {
      try {
        prepareEvents(testCatalog, [
          {
            type: 'CounterIncremented',
            data: { by: 1 },
            metadata: { ...testMetadata, recordedAt: 'yesterday' },
          },
        ]);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InvalidEvent);
    expect((error as InvalidEvent).issues.map((i) => i.path)).toEqual(['metadata.recordedAt']);
  });

  it('when stored data is at an old version it upcasts it before parsing', () => {
    expect(decodeData(testCatalog, 'NoteAdded', 1, { text: 'old' })).toEqual({
      text: 'old',
      author: 'unknown',
    });
    expect(() => decodeData(testCatalog, 'NoteAdded', 2, { text: 'missing author' })).toThrow();
  });

  it('when an until bound is not a date it fails with a clear message', () => {
    expect(() => parseUntil('soon')).toThrow('readAll until: "soon" is not an ISO date-time');
  });
});
