import { replayMomentSchema } from '@whosright/contracts/story/ranking-dto';
export type ReplayFormat = 'table' | 'json' | 'csv';

/** Rebuilds only the read models whose projection's version changed (or that have none yet). */
export const CHANGED = 'changed';

export interface ReplayArgs {
  /** A projection name, 'all', or `CHANGED` (the default). */
  target: string;
  until?: string;
  format: ReplayFormat;
  out?: string;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** `--help` or `-h`: the caller prints the help and exits 0. */
export class HelpRequested extends Error {
  override readonly name = 'HelpRequested';
}

export const USAGE =
  'usage: npm run replay -- [<projection>|changed|all] [--until <ISO time>] [--format table|json|csv] [--out file]';

/** What `--help` prints, with the projections this build knows. */
export function helpText(projections: readonly string[]): string {
  return [
    USAGE,
    '',
    'Rebuilds read models from the event log into new copies beside the live ones while the',
    'server keeps serving, then swaps them in.',
    '',
    '  changed             (the default) only the read models whose projection changed version',
    '                      since they were built, or that have none yet; the others stay as they are',
    '  all                 every read model; a name: that one only',
    '  --until <ISO time>  build the state as of that moment into scratch copies and print it;',
    '                      live data is untouched (stories: the poor performers ranking)',
    '  --format <name>     table (default), json or csv',
    '  --out <file>        write to a file instead of standard output',
    '',
    `Projections: ${[...projections, 'all'].join(', ')}`,
    'Database: PostgreSQL when DATABASE_URL is set, else $DATA_DIR/whosright.sqlite (DATA_DIR',
    'defaults to ./data).',
    'Ctrl-C stops it and drops the unfinished copies (exit code 130).',
    '',
  ].join('\n');
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const WITHOUT_OFFSET = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * An `--until` value, checked as the API checks a replay's moment (a real calendar date, not in
 * the future), normalised to UTC. A date alone means its midnight UTC, a time without an offset
 * is UTC.
 */
function parseUntil(until: string): string {
  const moment = DATE_ONLY.test(until)
    ? `${until}T00:00:00Z`
    : WITHOUT_OFFSET.test(until)
      ? `${until}Z`
      : until;
  const checked = replayMomentSchema.safeParse(moment);
  if (!checked.success)
    throw new UsageError(
      `--until "${until}": ${checked.error.issues[0]?.message ?? 'not an ISO date-time'}`,
    );
  return new Date(moment).toISOString();
}

function parseFormat(format: string): ReplayFormat {
  if (format !== 'table' && format !== 'json' && format !== 'csv')
    throw new UsageError(`--format must be table, json or csv, got "${format}"`);
  return format;
}

/** The options that take a value, each setting its field. */
const valueOptions = new Map<string, (value: string, args: Partial<ReplayArgs>) => void>([
  ['--until', (value, args) => (args.until = parseUntil(value))],
  ['--format', (value, args) => (args.format = parseFormat(value))],
  ['--out', (value, args) => (args.out = value)],
]);

/** `--flag=value` splits into the flag and its inline value; anything else is the flag alone. */
function splitInline(arg: string): [flag: string, inline: string | undefined] {
  const equals = arg.indexOf('=');
  return arg.startsWith('--') && equals >= 0
    ? [arg.slice(0, equals), arg.slice(equals + 1)]
    : [arg, undefined];
}

/** One projection at most; none means `CHANGED`, which cannot be built as of a moment. */
function targetOf(positional: readonly string[], until: string | undefined): string {
  if (positional.length > 1)
    throw new UsageError(`one projection expected, got ${positional.join(' ')}\n${USAGE}`);
  const target = positional[0] ?? CHANGED;
  if (target === CHANGED && until !== undefined)
    throw new UsageError(
      `--until builds the state of named read models: give a projection or all\n${USAGE}`,
    );
  return target;
}

/** Parses `<projection|all> [--until ...] [--format ...] [--out ...]`; throws UsageError with a clear message. */
export function parseReplayArgs(argv: readonly string[]): ReplayArgs {
  const positional: string[] = [];
  const args: Partial<ReplayArgs> = { format: 'table' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = splitInline(arg);
    const option = valueOptions.get(flag);
    if (option) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '')
        throw new UsageError(`${flag} needs a value\n${USAGE}`);
      option(value, args);
    } else if (flag === '--help' || flag === '-h') {
      throw new HelpRequested(USAGE);
    } else if (flag.startsWith('-')) {
      throw new UsageError(`unknown option ${flag}\n${USAGE}`);
    } else {
      positional.push(arg);
    }
  }
  return { ...args, target: targetOf(positional, args.until) } as ReplayArgs;
}
