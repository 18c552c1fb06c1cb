import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { EventCatalog } from '@whosright/contracts/shared/events';
import { outdatedProjections } from '@whosright/projections/runner/outdated-projections';
import {
  logFilterFor,
  type AnyProjection,
  type ReportRow,
} from '@whosright/projections/runner/projection';
import {
  dropAbandonedCopies,
  rebuildProjections,
  RebuildError,
  type RebuildProgress,
} from '@whosright/projections/runner/rebuild';
import { openReplayStores } from '#api/app/replay-stores';
import { CHANGED, helpText, HelpRequested, parseReplayArgs, UsageError } from './args';
import { formatRows } from './format';
import { createProgressReporter, type ProgressOutput } from './progress';
import { statesAsOf } from './states-as-of';

export interface ReplayDeps {
  projections: readonly AnyProjection[];
  catalog: EventCatalog;
  /** DATA_DIR: the embedded database is `<dataDir>/whosright.sqlite`. */
  dataDir: string;
  stdout: ProgressOutput;
  stderr: ProgressOutput;
  /** Aborting it (Ctrl-C) stops the rebuild, drops its unfinished copies and exits 130. */
  signal?: AbortSignal;
}

/** The projections a target names; `changed` is narrowed once the store is open. */
function select(target: string, projections: readonly AnyProjection[]): AnyProjection[] {
  if (target === 'all' || target === CHANGED) return [...projections];
  const found = projections.find((p) => p.name === target);
  if (!found) {
    const names = projections.map((p) => p.name);
    throw new UsageError(
      `unknown projection "${target}"; known: ${names.length ? [...names, 'all'].join(', ') : 'none yet (only "all")'}`,
    );
  }
  return [found];
}

/**
 * `npm run replay -- [<projection>|changed|all] [--until <ISO time>] [--format table|json|csv] [--out file]`.
 * Without --until: rebuilds into new copies beside the live ones and swaps them in (by default only
 * the read models whose projection changed version). With --until:
 * builds the state as of that moment into scratch copies, prints it, and drops them.
 * Returns the exit code: 0 done, 1 failed, 2 bad usage, 130 interrupted.
 */
export async function runReplay(argv: readonly string[], deps: ReplayDeps): Promise<number> {
  const { stdout, stderr } = deps;
  let args;
  let projections: AnyProjection[];
  try {
    args = parseReplayArgs(argv);
    projections = select(args.target, deps.projections);
  } catch (error) {
    if (error instanceof HelpRequested) {
      stdout.write(helpText(deps.projections.map((p) => p.name)));
      return 0;
    }
    if (!(error instanceof UsageError)) throw error;
    stderr.write(`replay: ${error.message}\n`);
    return 2;
  }
  const file = resolve(join(deps.dataDir, 'whosright.sqlite'));
  if (!existsSync(file)) {
    stderr.write(
      `replay: no database at ${file} (set DATA_DIR, or start the app once to create it)\n`,
    );
    return 1;
  }
  const stores = openReplayStores(file, deps.catalog);
  const { log, readStore } = stores;
  let progress: ReturnType<typeof createProgressReporter> | undefined;
  try {
    if (args.target === CHANGED) {
      projections = await outdatedProjections(readStore, projections);
      if (!projections.length) {
        stderr.write(
          "replay: every read model is at its projection's version; nothing to rebuild (name one, or all, to rebuild it anyway)\n",
        );
        return 0;
      }
    }
    // The events the rebuild will read, so that the progress shows done / total.
    const filter = logFilterFor(projections);
    const total = await log.countEvents?.({
      ...(args.until ? { until: args.until } : {}),
      ...(filter ? { filter } : {}),
    });
    const reporter = createProgressReporter(stderr, Date.now, total);
    progress = reporter;
    const abandoned = await dropAbandonedCopies(readStore);
    if (abandoned.length) {
      const names = abandoned.map((g) => `${g.projection} #${g.generation}`).join(', ');
      stderr.write(`replay: dropped the unfinished copies of a replay that was killed: ${names}\n`);
    }
    // Both read the log with the progress shown, and stop on Ctrl-C.
    const pass = {
      eventStore: log,
      readStore,
      onProgress: (p: RebuildProgress) => reporter.update(p),
      ...(deps.signal ? { signal: deps.signal } : {}),
    };
    let rows: ReportRow[];
    if (args.until) {
      const states = await statesAsOf({ ...pass, until: args.until }, projections);
      reporter.done();
      rows = states.flatMap(({ projection, rows: state }) =>
        projections.length > 1 ? state.map((row) => ({ projection, ...row })) : state,
      );
      stderr.write(`replay: state as of ${args.until} (scratch copies, live data untouched)\n`);
    } else {
      const built = await rebuildProjections({ ...pass, projections });
      reporter.done();
      rows = built.map((b) => ({
        projection: b.projection.name,
        version: b.projection.version,
        generation: b.target.generation,
        events: b.applied,
        position: b.position.toString(),
      }));
      stderr.write(`replay: rebuilt and swapped in ${built.length} projection(s)\n`);
    }
    const text = formatRows(rows, args.format);
    if (args.out) {
      writeFileSync(args.out, text);
      stderr.write(`replay: wrote ${rows.length} row(s) to ${args.out}\n`);
    } else {
      stdout.write(text);
    }
    return 0;
  } catch (error) {
    progress?.done();
    if (deps.signal?.aborted) {
      stderr.write(
        'replay: interrupted; the unfinished copies were dropped and the live read models are unchanged\n',
      );
      return 130;
    }
    stderr.write(
      `replay: ${error instanceof RebuildError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return 1;
  } finally {
    await stores.close();
  }
}
