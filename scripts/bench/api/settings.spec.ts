import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API_ENTRY, apiBenchSettings, rowSelected } from './settings';

describe('api bench settings', () => {
  const made: string[] = [];
  const checkout = (withModules: boolean) => {
    const dir = mkdtempSync(join(tmpdir(), 'wr-bench-checkout-'));
    made.push(dir);
    mkdirSync(dirname(join(dir, API_ENTRY)), { recursive: true });
    writeFileSync(join(dir, API_ENTRY), '');
    if (withModules) mkdirSync(join(dir, 'node_modules'));
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('when nothing is set it measures every row, the live case and the search case on this checkout only', () => {
    const settings = apiBenchSettings({});
    expect(settings).toMatchObject({ others: [], rows: [], live: true, stories: 10_000 });
    expect(settings).toMatchObject({ search: true, searchStories: 100_000 });
    expect(rowSelected(settings, 'GET /api/stories (feed)')).toBe(true);
  });

  it('when BENCH_AB lists checkouts it names each by its folder', () => {
    const a = checkout(true);
    const b = checkout(true);
    const settings = apiBenchSettings({ BENCH_AB: `${a}, ${b}` });
    expect(settings.others).toEqual([
      { name: a.split('/').at(-1), dir: a },
      { name: b.split('/').at(-1), dir: b },
    ]);
  });

  it('when a BENCH_AB folder is no checkout it refuses before anything starts', () => {
    const empty = mkdtempSync(join(tmpdir(), 'wr-bench-empty-'));
    made.push(empty);
    expect(() => apiBenchSettings({ BENCH_AB: empty })).toThrow(/is not a checkout/);
    expect(() => apiBenchSettings({ BENCH_AB: checkout(false) })).toThrow(/no node_modules/);
  });

  it('when BENCH_ROWS names parts it selects only rows containing one, whatever the case', () => {
    const settings = apiBenchSettings({ BENCH_ROWS: 'VOTE,feed' });
    expect(rowSelected(settings, 'POST vote, spread over stories')).toBe(true);
    expect(rowSelected(settings, 'GET /api/stories (feed)')).toBe(true);
    expect(rowSelected(settings, 'GET /api/stories/random')).toBe(false);
  });

  it('when BENCH_LIVE is 0 it skips the live case', () => {
    expect(apiBenchSettings({ BENCH_LIVE: '0' }).live).toBe(false);
  });

  it('when BENCH_SEARCH_STORIES is set the search case holds that many stories; BENCH_SEARCH=0 skips it', () => {
    expect(apiBenchSettings({ BENCH_SEARCH_STORIES: '2000' }).searchStories).toBe(2000);
    expect(apiBenchSettings({ BENCH_SEARCH: '0' }).search).toBe(false);
  });
});
