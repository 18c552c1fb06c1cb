import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, eventCatalog } from '@whosright/contracts/shared/events';
import type { EventStore } from '../port';
import { createSqliteEventStore } from '../sqlite/sqlite-event-store';
import { appendModes } from '../testing/append-modes';
import { CommandRetriesExhausted, decideOne } from './decide-one';
import type { Decider } from './decide-one';

const catalog = eventCatalog({
  ticketIssued: defineEvent('TicketIssued', z.object({ number: z.number().int() })),
});
type TicketIssued = { type: 'TicketIssued'; data: { number: number } };
type IssueTicket = { type: 'IssueTicket'; max: number };

/** Issues numbered tickets up to a maximum; `onDecide` lets a test interfere mid-command. */
function ticketDecider(
  onDecide: () => Promise<void> | void = () => undefined,
): Decider<{ issued: number }, IssueTicket, TicketIssued> & { decisions: number } {
  const decider = {
    decisions: 0,
    initialState: () => ({ issued: 0 }),
    evolve: (state: { issued: number }, event: TicketIssued) => ({
      issued: Math.max(state.issued, event.data.number),
    }),
    decide(command: IssueTicket, state: { issued: number }): TicketIssued[] {
      decider.decisions++;
      void onDecide();
      return state.issued >= command.max
        ? []
        : [{ type: 'TicketIssued', data: { number: state.issued + 1 } }];
    },
  };
  return decider;
}

const metadata = { actorId: 'user_1', correlationId: 'corr-1' };
const issue = (max = 10): IssueTicket => ({ type: 'IssueTicket', max });

describe.each(appendModes)('decideOne, %s', (_mode, inMode) => {
  let store: EventStore;
  let subject: EventStore;
  beforeEach(() => {
    store = createSqliteEventStore({ file: ':memory:', catalog });
    subject = inMode(store);
  });
  afterEach(() => store.close());

  it('when the command succeeds it returns the appended events with ids, the new revision and the position to wait for', async () => {
    const result = await decideOne(subject, 'tickets-1', ticketDecider(), issue(), {
      metadata,
    });
    expect(result.events).toEqual([
      { type: 'TicketIssued', data: { number: 1 }, id: expect.any(String) as unknown },
    ]);
    expect(result.revision).toBe(0n);
    expect(result.position).toBe(await store.headPosition());
    const second = await decideOne(subject, 'tickets-1', ticketDecider(), issue(), {
      metadata,
    });
    expect(second.events[0]!.data).toEqual({ number: 2 });
  });

  it('when another writer appended since the stream was read it decides again on the fresh state and appends once', async () => {
    let interfered = false;
    const decider = ticketDecider(() => {
      if (interfered) return;
      interfered = true;
      // Synchronous in SQLite: lands between this command's read and its append.
      void store.append(
        'tickets-1',
        [{ type: 'TicketIssued', data: { number: 1 }, metadata }],
        'any',
      );
    });
    const result = await decideOne(subject, 'tickets-1', decider, issue(), { metadata });
    expect(decider.decisions).toBe(2);
    expect(result.events[0]!.data).toEqual({ number: 2 });
    const numbers: unknown[] = [];
    for await (const event of store.readStream('tickets-1')) numbers.push(event.data);
    expect(numbers).toEqual([{ number: 1 }, { number: 2 }]);
  });

  it('when every attempt conflicts it gives up after the bounded retries with CommandRetriesExhausted', async () => {
    const decider = ticketDecider(() => {
      void store.append(
        'tickets-1',
        [{ type: 'TicketIssued', data: { number: 100 }, metadata }],
        'any',
      );
    });
    const error = await decideOne(subject, 'tickets-1', decider, issue(1000), {
      metadata,
      maxRetries: 2,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommandRetriesExhausted);
    expect(decider.decisions).toBe(3);
  });

  it('when the decision is to do nothing it appends nothing and returns no position', async () => {
    const result = await decideOne(subject, 'tickets-1', ticketDecider(), issue(0), {
      metadata,
    });
    expect(result).toEqual({ events: [], revision: 'no_stream', position: undefined });
    expect(await store.headPosition()).toBe(0n);
  });
});
