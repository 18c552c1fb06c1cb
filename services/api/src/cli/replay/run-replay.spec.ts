import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleCatalog } from '@whosright/projections/testing/sample-events';
import { appendSampleLog, sampleLog } from '@whosright/projections/testing/sample-log';
import { sampleProjections } from '@whosright/projections/testing/sample-projections';
import { openSqliteFixture } from '@whosright/projections/testing/sqlite-fixture';
import type { AnyProjection } from '@whosright/projections/runner/projection';
import { parseReplayArgs } from './args';
import { runReplay } from './run-replay';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function capture(onWrite?: (chunk: string) => void) {
  let text = '';
  return {
    write: (chunk: string) => {
      text += chunk;
      onWrite?.(chunk);
    },
    isTTY: false,
    text: () => text,
  };
}

async function dataDirWithLog(events: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'whosright-replay-'));
  dirs.push(dir);
  const fixture = openSqliteFixture(join(dir, 'whosright.sqlite'));
  await appendSampleLog(fixture.eventStore, sampleLog({ events, seed: 21 }), {
    database: fixture.database,
  });
  await fixture.close();
  return dir;
}

async function replay(
  argv: string[],
  dataDir: string,
  options: {
    signal?: AbortSignal;
    onStderr?: (chunk: string) => void;
    projections?: readonly AnyProjection[];
  } = {},
) {
  const { signal, onStderr, projections = sampleProjections } = options;
  const stdout = capture();
  const stderr = capture(onStderr);
  const code = await runReplay(argv, {
    projections,
    catalog: sampleCatalog,
    dataDir,
    stdout,
    stderr,
    ...(signal ? { signal } : {}),
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

describe('replay CLI', () => {
  it('when the projection is unknown it exits 2 naming the known ones', async () => {
    const result = await replay(['nope'], '/nonexistent');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'unknown projection "nope"; known: story-tallies, user-stats, skip-ranking, all',
    );
  });

  it('when asked for help it prints what it does and the projections it knows, and exits 0', async () => {
    for (const flag of ['--help', '-h']) {
      const result = await replay([flag], '/nonexistent');
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain('usage: npm run replay -- [<projection>|changed|all]');
      expect(result.stdout).toContain('--until <ISO time>');
      expect(result.stdout).toContain('Projections: story-tallies, user-stats, skip-ranking, all');
    }
  });

  it('when --until is not a date it exits 2 with a clear message', async () => {
    const result = await replay(['all', '--until', 'last monday'], '/nonexistent');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--until "last monday": until must be an ISO date-time');
  });

  it('when --until is a date no calendar has, or in the future, it exits 2 as the API refuses it', async () => {
    for (const [until, message] of [
      ['2026-02-30', 'until must be an ISO date-time, e.g. 2026-11-16T09:30:00Z'],
      ['2026-02-30T10:00:00Z', 'until must be an ISO date-time, e.g. 2026-11-16T09:30:00Z'],
      ['2999-01-01', 'until must not be in the future'],
    ] as const) {
      const result = await replay(['all', '--until', until], '/nonexistent');
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`replay: --until "${until}": ${message}\n`);
    }
  });

  it('when --out names a missing directory or a directory it exits 2 before reading any event', async () => {
    const dir = await dataDirWithLog(1_500);
    const missing = join(dir, 'missing', 'out.csv');
    const result = await replay(['all', '--out', missing], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`replay: --out ${missing}: no directory ${join(dir, 'missing')}\n`);
    const intoDirectory = await replay(['all', '--out', dir], dir);
    expect(intoDirectory.code).toBe(2);
    expect(intoDirectory.stderr).toBe(`replay: --out ${dir} is a directory, not a file\n`);
    // Nothing was built: a later "changed" finds every read model still to build.
    expect((await replay(['--format', 'json'], dir)).stdout).toContain('story-tallies');
  });

  it('when DATA_DIR is a file or under /proc it exits 2 with one line, before any work', async () => {
    const file = join(await dataDirWithLog(10), 'whosright.sqlite');
    const asFile = await replay(['all'], file);
    expect(asFile.code).toBe(2);
    expect(asFile.stderr).toBe(
      `replay: DATA_DIR must be a directory, not a file (got "${file}")\n`,
    );
    const underProc = await replay(['all'], '/proc/whosright');
    expect(underProc.code).toBe(2);
    expect(underProc.stderr).toBe(
      'replay: DATA_DIR must be a directory on a disk, not under /proc (got "/proc/whosright")\n',
    );
  });

  it('when there is no database it says where it looked', async () => {
    const result = await replay(['all'], '/nonexistent');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('no database at /nonexistent/whosright.sqlite');
  });

  it('when replaying all it rebuilds every projection, swaps them in and prints a summary', async () => {
    const dir = await dataDirWithLog(1_500);
    const result = await replay(['all', '--format', 'json'], dir);
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout) as Array<{ projection: string; generation: number }>;
    expect(rows.map((r) => r.projection)).toEqual(['story-tallies', 'user-stats', 'skip-ranking']);
    expect(result.stderr).toContain('replay: 100%');
  });

  it('when replaying without a projection it rebuilds only the read models whose version changed', async () => {
    const dir = await dataDirWithLog(1_500);
    expect((await replay(['all'], dir)).code).toBe(0);

    const unchanged = await replay([], dir);
    expect(unchanged.code).toBe(0);
    expect(unchanged.stderr).toContain('nothing to rebuild');
    expect(unchanged.stdout).toBe('');

    const bumped = sampleProjections.map((p) =>
      p.name === 'user-stats' ? { ...p, version: p.version + 1 } : p,
    );
    const changed = await replay(['--format', 'json'], dir, { projections: bumped });
    expect(changed.code).toBe(0);
    const rows = JSON.parse(changed.stdout) as Array<{ projection: string; version: number }>;
    expect(rows).toEqual([expect.objectContaining({ projection: 'user-stats', version: 2 })]);
    // The total counts only the events of the types it reads, so the bar ends full.
    expect(changed.stderr).toContain('replay: 100%');
    expect((await replay(['changed'], dir, { projections: bumped })).stderr).toContain(
      'nothing to rebuild',
    );
  });

  it('when asked for the changed read models as of a moment it exits 2 asking for a name', async () => {
    const result = await replay(['--until', '2026-11-16'], '/nonexistent');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--until builds the state of named read models');
  });

  it('when interrupted mid-rebuild it drops the unfinished copies, keeps the live ones and exits 130', async () => {
    const dir = await dataDirWithLog(12_000);
    expect((await replay(['all'], dir)).code).toBe(0);
    const controller = new AbortController();
    const result = await replay(['all'], dir, {
      signal: controller.signal,
      // Ctrl-C once the first progress line shows that the rebuild is under way. A signal
      // reaches the process from its event loop, so the abort comes from there too.
      onStderr: (chunk) => {
        if (/^replay: \d+%/.test(chunk)) setImmediate(() => controller.abort());
      },
    });
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(/replay: \d+%/);
    expect(result.stderr).toContain(
      'replay: interrupted; the unfinished copies were dropped and the live read models are unchanged',
    );
    const fixture = openSqliteFixture(join(dir, 'whosright.sqlite'));
    try {
      for (const projection of sampleProjections) {
        expect((await fixture.readStore.active(projection.name))?.generation).toBe(1);
        const unfinished = {
          projection: projection.name,
          generation: 2,
          version: projection.version,
        };
        expect(await fixture.readStore.collectionNames(unfinished)).toEqual([]);
      }
      const leftovers = fixture.database
        .prepare(
          "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name LIKE 'rm\\_%\\_2\\_%' ESCAPE '\\'",
        )
        .pluck()
        .get();
      expect(leftovers).toBe(0);
    } finally {
      await fixture.close();
    }
  });

  it('when a replay was killed outright long ago the next one drops its copies first', async () => {
    const dir = await dataDirWithLog(1_500);
    const fixture = openSqliteFixture(join(dir, 'whosright.sqlite'));
    const killed = await fixture.readStore.createGeneration(
      'user-stats',
      1,
      sampleProjections[1]!.collections,
    );
    fixture.database
      .prepare('UPDATE rm_generations SET touched_at = ? WHERE generation = ?')
      .run(Date.now() - 16 * 60_000, killed.generation);
    await fixture.close();

    const result = await replay(['story-tallies'], dir);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'replay: dropped the unfinished copies of a replay that was killed: user-stats #1',
    );
    const after = openSqliteFixture(join(dir, 'whosright.sqlite'));
    expect(await after.readStore.collectionNames(killed)).toEqual([]);
    await after.close();
  });

  it('when replaying --until a moment it prints that state as CSV into a file and leaves live data alone', async () => {
    const dir = await dataDirWithLog(3_000);
    expect((await replay(['skip-ranking'], dir)).code).toBe(0);
    const until = [...sampleLog({ events: 3_000, seed: 21 })][1_999]!.event.metadata.recordedAt!;
    const out = join(dir, 'ranking.csv');
    const result = await replay(
      ['skip-ranking', '--until', until, '--format', 'csv', '--out', out],
      dir,
    );
    expect(result.code).toBe(0);
    const [header, ...lines] = readFileSync(out, 'utf8').trim().split('\r\n');
    expect(header).toBe('rank,storyId,category,skipRate,viewCount,skipCount');
    expect(lines.length).toBeGreaterThan(0);
    const fixture = openSqliteFixture(join(dir, 'whosright.sqlite'));
    const active = await fixture.readStore.active('skip-ranking');
    expect(active?.generation).toBe(1);
    expect(
      await fixture.readStore.collectionNames({
        projection: 'skip-ranking',
        generation: 2,
        version: 1,
      }),
    ).toEqual([]);
    await fixture.close();
  });
});

describe('replay arguments', () => {
  it('when given flags in either form it parses them', () => {
    expect(
      parseReplayArgs(['all', '--until=2026-11-16', '--format', 'csv', '--out', 'x.csv']),
    ).toEqual({
      target: 'all',
      until: '2026-11-16T00:00:00.000Z',
      format: 'csv',
      out: 'x.csv',
    });
  });

  it('when the format is unknown it refuses', () => {
    expect(() => parseReplayArgs(['all', '--format', 'xml'])).toThrow(
      '--format must be table, json or csv',
    );
  });
});
