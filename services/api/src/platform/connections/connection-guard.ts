import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { RATE_LIMIT_MESSAGE } from '@whosright/contracts/shared/constants';
import type { ErrorBody } from '@whosright/contracts/shared/errors';
import { clientKeyOf } from './client-address';
import type { ConnectionBudget } from './connection-budget';
import {
  isDescriptorExhaustion,
  type ConnectionReport,
  type RefusalReason,
} from './connection-report';

/** At the budget, idle keep-alive connections are closed at most this often (it walks them all). */
const SHED_INTERVAL_MS = 1_000;
const RETRY_AFTER_SECONDS = 10;

const REFUSALS: Record<RefusalReason, { status: string; body: ErrorBody }> = {
  address: {
    status: '429 Too Many Requests',
    body: { message: RATE_LIMIT_MESSAGE, code: 'rate_limited' },
  },
  total: {
    status: '503 Service Unavailable',
    body: { message: 'The server is busy; try again in a moment', code: 'unavailable' },
  },
};

export interface ConnectionGuardDeps {
  budget: Pick<ConnectionBudget, 'connections' | 'perClient'>;
  /** A peer that carries many clients (a trusted reverse proxy): only the total counts it. */
  isProxy: (address: string) => boolean;
  report: ConnectionReport;
  now?: () => number;
}

export interface ConnectionGuard {
  /** Client connections open now. */
  readonly open: number;
}

/**
 * Keeps one client from taking every descriptor by holding connections. Each new connection is
 * counted under its client (an IPv4 address, an IPv6 /64) as it is accepted: beyond the
 * client's share it is answered 429 and closed at once. At the process's budget, idle
 * keep-alive connections are closed to make room (their browsers open new ones when they need
 * them); when none was idle the newcomer is answered 503. Descriptors running out anyway
 * (EMFILE on accept) are counted and logged instead of going unnoticed.
 */
export function guardConnections(server: Server, deps: ConnectionGuardDeps): ConnectionGuard {
  const { budget, isProxy, report, now = Date.now } = deps;
  const perClient = new Map<string, number>();
  /** Every counted socket, with the client it counts under (none for a proxy). */
  const open = new Map<Socket, string | undefined>();
  let lastShed = 0;

  const release = (socket: Socket) => {
    if (!open.has(socket)) return;
    const client = open.get(socket);
    open.delete(socket);
    if (client === undefined) return;
    const left = (perClient.get(client) ?? 1) - 1;
    if (left > 0) perClient.set(client, left);
    else perClient.delete(client);
  };

  const shedIdle = (): boolean => {
    if (now() - lastShed < SHED_INTERVAL_MS) return false;
    lastShed = now();
    server.closeIdleConnections();
    for (const socket of open.keys()) if (socket.destroyed) release(socket);
    return open.size < budget.connections;
  };

  const refuse = (socket: Socket, reason: RefusalReason) => {
    report.refused(reason);
    const { status, body } = REFUSALS[reason];
    const json = JSON.stringify(body);
    socket.on('error', () => undefined);
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nRetry-After: ${RETRY_AFTER_SECONDS}\r\n` +
        `Connection: close\r\n\r\n${json}`,
      // Written: the descriptor is freed now, not when the client gets round to closing.
      () => socket.destroy(),
    );
  };

  // Before the HTTP server's own listener: a refused socket never reaches its parser.
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) {
      socket.destroy();
      return;
    }
    const client = isProxy(address) ? undefined : clientKeyOf(address);
    if (client !== undefined && (perClient.get(client) ?? 0) >= budget.perClient)
      return refuse(socket, 'address');
    if (open.size >= budget.connections && !shedIdle()) return refuse(socket, 'total');
    open.set(socket, client);
    if (client !== undefined) perClient.set(client, (perClient.get(client) ?? 0) + 1);
    socket.once('close', () => release(socket));
  });

  // Once listening, the server's errors are failed accepts: for want of a descriptor (libuv
  // closed the waiting connections meanwhile) they are counted; any other is logged. Neither
  // stops the process, which goes on serving the connections it has.
  server.once('listening', () =>
    server.on('error', (error) => {
      if (isDescriptorExhaustion(error)) report.exhausted('accept');
      else report.acceptFailed(error);
    }),
  );

  return {
    get open() {
      return open.size;
    },
  };
}
