import { Counter, Gauge, type Registry } from 'prom-client';
import type { Logger } from '../logger';
import type { ConnectionBudget } from './connection-budget';
import { ThrottledLog } from './throttled-log';

/** Why a connection was turned away: its client held its share, or the process its budget. */
export type RefusalReason = 'address' | 'total';
/** Where the process found its descriptors used up: accepting a connection, or in a request. */
export type ExhaustedWhere = 'accept' | 'request';

/**
 * What the connection guard tells operators: counters in `/metrics` and rate-limited warnings
 * in the log (a line per window with the counts, never one per socket).
 */
export class ConnectionReport {
  private readonly refusedTotal?: Counter<'reason'>;
  private readonly exhaustedTotal?: Counter<'where'>;
  private readonly refusals: ThrottledLog;
  private readonly exhaustion: ThrottledLog;
  private readonly acceptErrors: ThrottledLog;

  constructor(
    logger: Logger,
    budget: ConnectionBudget,
    registry: Registry | undefined,
    open: () => number,
  ) {
    this.refusals = new ThrottledLog((refused, windowSeconds) =>
      logger.warn(
        { refused, windowSeconds, budget: budget.connections, perClient: budget.perClient },
        'connections refused: a client held its share or the process its budget',
      ),
    );
    this.exhaustion = new ThrottledLog((failed, windowSeconds) =>
      logger.error(
        { failed, windowSeconds, descriptors: budget.descriptors },
        'open-file limit reached (EMFILE): raise `ulimit -n` or lower the load',
      ),
    );
    this.acceptErrors = new ThrottledLog((failed, windowSeconds) =>
      logger.error({ failed, windowSeconds }, 'accepting connections failed'),
    );
    if (!registry) return;
    this.refusedTotal = new Counter({
      name: 'whosright_connections_refused_total',
      help: 'Connections turned away: reason "address" (the client held its share), "total" (the process held its budget).',
      labelNames: ['reason'] as const,
      registers: [registry],
    });
    this.exhaustedTotal = new Counter({
      name: 'whosright_descriptors_exhausted_total',
      help: 'Times the open-file limit was hit (EMFILE/ENFILE), accepting a connection or in a request.',
      labelNames: ['where'] as const,
      registers: [registry],
    });
    new Gauge({
      name: 'whosright_connections_open',
      help: 'Client connections open on the main port.',
      registers: [registry],
      collect() {
        this.set(open());
      },
    });
    new Gauge({
      name: 'whosright_descriptor_limit',
      help: 'The open-file limit the connection budget was derived from.',
      registers: [registry],
    }).set(budget.descriptors);
    for (const reason of ['address', 'total'] as const) this.refusedTotal.inc({ reason }, 0);
    for (const where of ['accept', 'request'] as const) this.exhaustedTotal.inc({ where }, 0);
  }

  refused(reason: RefusalReason): void {
    this.refusedTotal?.inc({ reason });
    this.refusals.note(reason);
  }

  /** Accepting a connection failed for another reason (ENOBUFS, ENOMEM, ...). */
  acceptFailed(error: Error): void {
    this.acceptErrors.note((error as { code?: string }).code ?? error.name);
  }

  exhausted(where: ExhaustedWhere): void {
    this.exhaustedTotal?.inc({ where });
    this.exhaustion.note(where);
  }
}

/** EMFILE (this process) or ENFILE (the whole system): no descriptor left to open. */
export function isDescriptorExhaustion(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EMFILE' || code === 'ENFILE';
}
