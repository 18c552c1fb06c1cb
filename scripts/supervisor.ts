/** A running child as the supervisor sees it (`startRole` answers one). */
export interface Supervised {
  /** Resolves with the exit code (null after a signal) once the child has exited. */
  exited: Promise<number | null>;
  signal(signal: NodeJS.Signals): void;
}

export interface SupervisorOptions {
  /** Where the supervisor's own lines go (a child died, it is restarted, it could not start). */
  say: (line: string) => void;
  /** The wait before the first restart; it doubles for each crash in a row, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** A child that stayed up this long was healthy: its next crash waits `firstDelayMs` again. */
  stableAfterMs?: number;
}

export interface Supervisor {
  /** Starts `name` and restarts it whenever it dies; rejects when the first start fails or while stopping. */
  add(name: string, start: () => Promise<Supervised>): Promise<void>;
  /** No more restarts; SIGTERM to every child; resolves with their exit codes once all exited. */
  stop(): Promise<(number | null)[]>;
}

const shown = (ms: number) => (ms < 1_000 ? `${ms} ms` : `${ms / 1_000} s`);

/**
 * Keeps a set of child processes running, as an orchestrator would: a child that exits is started
 * again after a wait that doubles while it keeps crashing (so a crash loop does not spin), and
 * `stop` ends them all.
 */
export function createSupervisor(options: SupervisorOptions): Supervisor {
  const { say, firstDelayMs = 1_000, maxDelayMs = 30_000, stableAfterMs = 30_000 } = options;
  /** Each child's latest process, or its start in progress. */
  const current = new Map<string, Promise<Supervised | undefined>>();
  const loops: Promise<void>[] = [];
  const wakeSleepers = new Set<() => void>();
  let stopping = false;

  /** Waits `ms`, or less when `stop` is called. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakeSleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakeSleepers.add(done);
    });

  /** Restarts `name` each time it exits, until the supervisor stops. */
  async function keepRunning(name: string, start: () => Promise<Supervised>, first: Supervised) {
    let child: Supervised | undefined = first;
    let delay = firstDelayMs;
    for (;;) {
      const startedAt = Date.now();
      const code = child ? await child.exited : undefined;
      if (stopping) return;
      if (Date.now() - startedAt >= stableAfterMs) delay = firstDelayMs;
      say(
        child
          ? `${name} exited (${code ?? 'signal'}); restarting in ${shown(delay)}`
          : `${name} is started again in ${shown(delay)}`,
      );
      await pause(delay);
      if (stopping) return;
      delay = Math.min(delay * 2, maxDelayMs);
      const starting = start().then(
        (started) => {
          say(`${name} restarted`);
          return started;
        },
        (error: unknown) => {
          say(`${name} could not start: ${error instanceof Error ? error.message : String(error)}`);
          return undefined;
        },
      );
      current.set(name, starting);
      child = await starting;
    }
  }

  return {
    async add(name, start) {
      if (stopping) throw new Error(`${name} was not started: stopping`);
      const starting = start();
      // `stop` also ends a child whose first start is still in progress.
      current.set(
        name,
        starting.catch(() => undefined),
      );
      const first = await starting;
      if (!stopping) loops.push(keepRunning(name, start, first));
    },
    async stop() {
      stopping = true;
      for (const wake of [...wakeSleepers]) wake();
      const children = await Promise.all(current.values());
      const codes = await Promise.all(
        children.map((child) => {
          if (!child) return Promise.resolve(null);
          child.signal('SIGTERM');
          return child.exited;
        }),
      );
      await Promise.all(loops);
      return codes;
    },
  };
}
