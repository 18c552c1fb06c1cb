import { describe, expect, it } from 'vitest';
import {
  etaText,
  progressPercent,
  progressText,
} from '@whosright/contracts/story/replay-progress-text';
import { finishedProgress, replayProgress, startingProgress } from './replay-progress';

const at = (events: number, position: bigint, head: bigint, elapsedMs: number) => ({
  events,
  position,
  head,
  elapsedMs,
});

describe('replay progress', () => {
  it('when the total is counted it gives done / total, the rate so far and the seconds left at it', () => {
    expect(replayProgress(at(12_345, 20_000n, 90_000n, 1_543), 50_000)).toEqual({
      done: 12_345,
      total: 50_000,
      eventsPerSecond: 8_001,
      etaSeconds: 5,
    });
  });

  it('when nothing is read yet there is no rate and no time left to tell', () => {
    expect(replayProgress(at(0, 0n, 100n, 0), 100)).toEqual({
      done: 0,
      total: 100,
      eventsPerSecond: 0,
      etaSeconds: null,
    });
    expect(startingProgress(100).etaSeconds).toBeNull();
    expect(startingProgress(0).etaSeconds).toBe(0);
  });

  it('when every event is read no time is left, and the total is never below what was done', () => {
    expect(replayProgress(at(120, 120n, 120n, 2_000), 100)).toEqual({
      done: 120,
      total: 120,
      eventsPerSecond: 60,
      etaSeconds: 0,
    });
    expect(finishedProgress({ done: 90, total: 100, eventsPerSecond: 9, etaSeconds: 2 })).toEqual({
      done: 90,
      total: 90,
      eventsPerSecond: 9,
      etaSeconds: 0,
    });
  });

  it('when the store cannot count it estimates the total from the positions', () => {
    // A quarter of the way through the log (by position) after 1,000 events: about 4,000.
    expect(replayProgress(at(1_000, 250n, 1_000n, 1_000), undefined)).toEqual({
      done: 1_000,
      total: 4_000,
      eventsPerSecond: 1_000,
      etaSeconds: 3,
    });
  });

  it('reads as the panel and the CLI show it', () => {
    const text = progressText({
      done: 12_345,
      total: 50_000,
      eventsPerSecond: 8_000,
      etaSeconds: 5,
    });
    expect(text).toBe('12,345 / 50,000 events · 8,000 events/s · about 5 s left');
    expect(etaText(null)).toBe('estimating the time left');
    expect(etaText(0)).toBe('almost done');
    expect(etaText(125)).toBe('about 2 min 5 s left');
    expect(etaText(120)).toBe('about 2 min left');
    expect(progressPercent({ done: 12_345, total: 50_000 })).toBe(24);
    expect(progressPercent({ done: 5, total: 0 })).toBe(0);
    expect(progressPercent({ done: 60, total: 50 })).toBe(100);
  });
});
