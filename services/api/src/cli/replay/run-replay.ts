import { accessSync, constants, existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { dataDirProblem } from '#api/platform/data-dir';
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
import {
  openPostgresReplayStores,
  openReplayStores,
  type ReplayStores,
} from '#api/app/replay-stores';
import { ConfigError, type DatabaseConfig } from '#api/platform/config';
import {
  CHANGED,
  helpText,
  HelpRequested,
  parseReplayArgs,
  UsageError,
  type ReplayArgs,
} from './args';
import { formatRows } from './format';
import { createProgressReporter, type ProgressOutput } from './progress';
import { statesAsOf } from './states-as-of';

export interface ReplayDeps {
  projections: readonly AnyProjection[];
  catalog: EventCatalog;
  /** DATA_DIR: the embedded database is `<dataDir>/whosright.sqlite`. */
  dataDir: string;
  /** DATABASE_URL's PostgreSQL: the log and read models replayed, instead of the SQLite file. */
  database?: DatabaseConfig;
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

type Reporter = ReturnType<typeof createProgressReporter>;

/** The parsed arguments and the projections they name, or the exit code when there is none to run. */
function parseOrExit(
  argv: readonly string[],
  deps: ReplayDeps,
): { args: ReplayArgs; projections: AnyProjection[] } | number {
  try {
    const args = parseReplayArgs(argv);
    const problem = dataDirProblem(deps.dataDir);
    if (problem) throw new UsageError(`DATA_DIR ${problem} (got "${deps.dataDir}")`);
    if (args.out) checkOutFile(args.out);
    return { args, projections: select(args.target, deps.projections) };
  } catch (error) {
    if (error instanceof HelpRequested) {
      deps.stdout.write(helpText(deps.projections.map((p) => p.name)));
      return 0;
    }
    if (!(error instanceof UsageError)) throw error;
    deps.stderr.write(`replay: ${error.message}\n`);
    return 2;
  }
}

/** `--out` names a file that can be written, checked before a replay that may take minutes. */
function checkOutFile(out: string): void {
  const dir = dirname(resolve(out));
  const isDirectory = (path: string) => {
    try {
      return statSync(path).isDirectory();
    } catch {
      return undefined;
    }
  };
  if (isDirectory(dir) !== true) throw new UsageError(`--out ${out}: no directory ${dir}`);
  if (isDirectory(out) === true) throw new UsageError(`--out ${out} is a directory, not a file`);
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new UsageError(`--out ${out}: ${dir} is not writable`);
  }
}

/** The embedded database's file, or undefined (said on stderr) when there is none yet. */
function existingDatabase({ dataDir, stderr }: ReplayDeps): string | undefined {
  const file = resolve(join(dataDir, 'whosright.sqlite'));
  if (existsSync(file)) return file;
  stderr.write(
    `replay: no database at ${file} (set DATA_DIR, or start the app once to create it)\n`,
  );
  return undefined;
}

/** The stores to replay, or the exit code when there are none: 1 no database yet, 2 unusable. */
async function storesOf(deps: ReplayDeps): Promise<ReplayStores | number> {
  if (deps.database) {
    try {
      return await openPostgresReplayStores(deps.database, deps.catalog);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      deps.stderr.write(`replay: ${error.message}\n`);
      return 2;
    }
  }
  const file = existingDatabase(deps);
  return file ? openReplayStores(file, deps.catalog) : 1;
}

/** A progress reporter whose total is the number of events the rebuild will read. */
async function progressFor(
  { log }: ReplayStores,
  projections: readonly AnyProjection[],
  until: string | undefined,
  stderr: ProgressOutput,
): Promise<Reporter> {
  const filter = logFilterFor(projections);
  const total = await log.countEvents?.({
    ...(until ? { until } : {}),
    ...(filter ? { filter } : {}),
  });
  return createProgressReporter(stderr, Date.now, total);
}

async function dropCopiesOfKilledReplays({ readStore }: ReplayStores, stderr: ProgressOutput) {
  const abandoned = await dropAbandonedCopies(readStore);
  if (!abandoned.length) return;
  const names = abandoned.map((g) => `${g.projection} #${g.generation}`).join(', ');
  stderr.write(`replay: dropped the unfinished copies of a replay that was killed: ${names}\n`);
}

/** What both kinds of replay read the log with: the progress shown, stopped on Ctrl-C. */
interface ReplayPass {
  eventStore: ReplayStores['log'];
  readStore: ReplayStores['readStore'];
  onProgress: (p: RebuildProgress) => void;
  signal?: AbortSignal;
}

/** The rows a replay prints, and the line that sums it up once its progress is done. */
interface ReplayOutcome {
  rows: ReportRow[];
  summary: string;
}

/** Builds the state as of `until` into scratch copies: its rows, named by projection when several. */
async function stateAsOf(
  pass: ReplayPass,
  until: string,
  projections: readonly AnyProjection[],
): Promise<ReplayOutcome> {
  const states = await statesAsOf({ ...pass, until }, projections);
  return {
    rows: states.flatMap(({ projection, rows }) =>
      projections.length > 1 ? rows.map((row) => ({ projection, ...row })) : rows,
    ),
    summary: `replay: state as of ${until} (scratch copies, live data untouched)\n`,
  };
}

/** Rebuilds into new copies and swaps them in: one row per projection rebuilt. */
async function rebuild(
  pass: ReplayPass,
  projections: readonly AnyProjection[],
): Promise<ReplayOutcome> {
  const built = await rebuildProjections({ ...pass, projections });
  return {
    rows: built.map((b) => ({
      projection: b.projection.name,
      version: b.projection.version,
      generation: b.target.generation,
      events: b.applied,
      position: b.position.toString(),
    })),
    summary: `replay: rebuilt and swapped in ${built.length} projection(s)\n`,
  };
}

function writeRows(rows: ReportRow[], args: ReplayArgs, { stdout, stderr }: ReplayDeps): void {
  const text = formatRows(rows, args.format);
  if (args.out) {
    writeFileSync(args.out, text);
    stderr.write(`replay: wrote ${rows.length} row(s) to ${args.out}\n`);
  } else {
    stdout.write(text);
  }
}

/** A failed replay's message and exit code: 130 when Ctrl-C stopped it, 1 otherwise. */
function exitOnFailure(error: unknown, { signal, stderr }: ReplayDeps): number {
  if (signal?.aborted) {
    stderr.write(
      'replay: interrupted; the unfinished copies were dropped and the live read models are unchanged\n',
    );
    return 130;
  }
  const message =
    error instanceof RebuildError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  stderr.write(`replay: ${message}\n`);
  return 1;
}

/**
 * `npm run replay -- [<projection>|changed|all] [--until <ISO time>] [--format table|json|csv] [--out file]`.
 * Without --until: rebuilds into new copies beside the live ones and swaps them in (by default only
 * the read models whose projection changed version). With --until:
 * builds the state as of that moment into scratch copies, prints it, and drops them.
 * Returns the exit code: 0 done, 1 failed, 2 bad usage, 130 interrupted.
 */
export async function runReplay(argv: readonly string[], deps: ReplayDeps): Promise<number> {
  const parsed = parseOrExit(argv, deps);
  if (typeof parsed === 'number') return parsed;
  const { args } = parsed;
  const stores = await storesOf(deps);
  if (typeof stores === 'number') return stores;
  let reporter: Reporter | undefined;
  try {
    const changedOnly = args.target === CHANGED;
    const projections = changedOnly
      ? await outdatedProjections(stores.readStore, parsed.projections)
      : parsed.projections;
    if (changedOnly && !projections.length) {
      deps.stderr.write(
        "replay: every read model is at its projection's version; nothing to rebuild (name one, or all, to rebuild it anyway)\n",
      );
      return 0;
    }
    reporter = await progressFor(stores, projections, args.until, deps.stderr);
    await dropCopiesOfKilledReplays(stores, deps.stderr);
    const shown = reporter;
    const pass: ReplayPass = {
      eventStore: stores.log,
      readStore: stores.readStore,
      onProgress: (p) => shown.update(p),
      ...(deps.signal ? { signal: deps.signal } : {}),
    };
    const { rows, summary } = args.until
      ? await stateAsOf(pass, args.until, projections)
      : await rebuild(pass, projections);
    reporter.done();
    deps.stderr.write(summary);
    writeRows(rows, args, deps);
    return 0;
  } catch (error) {
    reporter?.done();
    return exitOnFailure(error, deps);
  } finally {
    await stores.close();
  }
}
