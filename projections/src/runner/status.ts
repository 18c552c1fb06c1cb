export type ProjectionState =
  'starting' | 'waitingForLease' | 'catchingUp' | 'live' | 'paused' | 'stopped';

export interface ProjectionStatus {
  name: string;
  version: number;
  state: ProjectionState;
  /** Generation being written (the live one, or a new version being built beside it). */
  generation: number | undefined;
  /** True while a new version is built and the previous one still serves readers. */
  rebuilding: boolean;
  /** Every event up to here is reflected in what readers see. */
  position: bigint;
  /** Set while paused: the event that could not be applied (also in the dead-letter collection). */
  deadLetter?: { position: bigint; eventId: string; eventType: string; error: string };
  /** The last transient failure (store or subscription), retried with backoff. */
  lastError?: string;
}

export interface Readiness {
  ready: boolean;
  /** Names of paused projections: `/api/ready` answers 503 with them. */
  failing: string[];
}

/** pino-compatible, so the API can pass its logger. */
export interface RunnerLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const silentLogger: RunnerLogger = { info() {}, warn() {}, error() {} };
