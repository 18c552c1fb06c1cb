import { describe, expect, it } from 'vitest';
import { createProgressReporter } from './progress';

const at = (events: number, position: bigint, elapsedMs: number) => ({
  events,
  position,
  head: 1_000n,
  elapsedMs,
});

describe('replay progress', () => {
  it('when writing to a terminal it redraws one bar with events/s and an ETA', () => {
    let text = '';
    const progress = createProgressReporter({
      write: (chunk: string) => (text += chunk),
      isTTY: true,
      columns: 100,
    });
    progress.update(at(500, 500n, 1_000));
    progress.done();
    expect(text.startsWith('\r[####')).toBe(true);
    expect(text).toContain(']  50%  500 / 1,000 events · 500 events/s · about 1 s left');
    expect(text.endsWith('\u001b[K\n')).toBe(true);
  });

  it('when the total is counted it is the total shown, not the log head', () => {
    let text = '';
    const progress = createProgressReporter(
      { write: (chunk: string) => (text += chunk), isTTY: false },
      () => 0,
      400,
    );
    progress.update(at(100, 100n, 1_000));
    expect(text).toBe('replay: 25%  100 / 400 events · 100 events/s · about 3 s left\n');
  });

  it('when writing to a log it prints plain lines, at most one every two seconds plus the last', () => {
    let text = '';
    let now = 0;
    const progress = createProgressReporter(
      { write: (chunk: string) => (text += chunk), isTTY: false },
      () => now,
    );
    progress.update(at(100, 100n, 100));
    now = 500;
    progress.update(at(200, 200n, 600));
    now = 2_500;
    progress.update(at(900, 900n, 2_600));
    progress.update(at(1_000, 1_000n, 2_700));
    expect(text.trim().split('\n')).toEqual([
      'replay: 10%  100 / 1,000 events · 1,000 events/s · about 1 s left',
      'replay: 90%  900 / 1,000 events · 346 events/s · about 1 s left',
      'replay: 100%  1,000 / 1,000 events · 370 events/s · almost done',
    ]);
  });
});
