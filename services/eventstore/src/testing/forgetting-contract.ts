import { describe, expect, it } from 'vitest';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { DELETED_TEXT, FORGOTTEN_USERS_STREAM } from '@whosright/contracts/account/events';
import type { EventStore, RecordedEvent, SubscriptionMessage } from '../port';
import { forgettingEventStore } from '../forgetting/forgetting-event-store';
import {
  alice,
  aliceComment,
  aliceStory,
  all,
  comment,
  forgotten,
  sampleLog as sampleOn,
  texts,
} from './forgetting-sample';

/**
 * The forgetting log over any event store: `openEmpty` opens a store on an empty log (the
 * registry stream has one fixed name), which each test fills with the sample and closes.
 */
export function forgettingContract(name: string, openEmpty: () => Promise<EventStore>): void {
  const sampleLog = async () => sampleOn(await openEmpty());
  /** A forgetting log that looks for newly forgotten members only when asked to. */
  const refreshingHourly = (store: EventStore) =>
    forgettingEventStore(store, { catalog: domainEventCatalog, refreshEveryMs: 3_600_000 });
  describe(`forgetting event store: ${name}`, () => {
    it('when nobody is forgotten every read shows the log as it is', async () => {
      const store = await sampleLog();
      const forgetting = forgettingEventStore(store, { catalog: domainEventCatalog });
      expect(await all(forgetting.readAll())).toEqual(await all(store.readAll()));
      await store.close();
    });

    it("when a member is forgotten readAll and readStream show nothing of theirs and keep everyone else's", async () => {
      const store = await sampleLog();
      await store.append(
        FORGOTTEN_USERS_STREAM,
        [forgotten(alice, [aliceStory], [aliceComment])],
        'any',
      );
      const forgetting = forgettingEventStore(store, { catalog: domainEventCatalog });
      const read = await all(forgetting.readAll());
      const shown = texts(read);
      for (const personal of [
        'alice@example.com',
        '"alice"',
        'alice_s',
        'alice-subject',
        'Alice story',
        'Alice revised story',
        'Alice comment',
        'a2.png',
      ])
        expect(shown).not.toContain(personal);
      for (const kept of ['bob@example.com', 'Bob story', 'Bob revised story', 'Bob comment'])
        expect(shown).toContain(kept);
      const stream = texts(await all(forgetting.readStream(`user-${alice}`)));
      expect(stream).not.toContain('alice@example.com');
      // The stored log is unchanged: the store underneath still holds the original.
      expect(texts(await all(store.readStream(`user-${alice}`)))).toContain('alice@example.com');
      await store.close();
    });

    it('when a member is forgotten after a read it names them and their writing on the next look', async () => {
      const store = await sampleLog();
      const forgetting = refreshingHourly(store);
      await all(forgetting.readAll());
      expect((await forgetting.forgotten()).stories.size).toBe(0);
      await store.append(
        FORGOTTEN_USERS_STREAM,
        [forgotten(alice, [aliceStory], [aliceComment])],
        'any',
      );
      // The registry the reads forget by, caught up at once (not when the interval is due).
      const now = await forgetting.forgotten();
      expect([...now.users]).toEqual([alice]);
      expect([...now.stories]).toEqual([aliceStory]);
      expect([...now.comments]).toEqual([aliceComment]);
      await store.close();
    });

    it('when a member is forgotten while a subscription runs it forgets them from then on', async () => {
      const store = await sampleLog();
      const forgetting = refreshingHourly(store);
      const subscription = forgetting.subscribeAll();
      const messages = subscription[Symbol.asyncIterator]();
      // Reading has started (the registry is loaded, still empty) before the member is forgotten.
      await messages.next();
      await store.append(FORGOTTEN_USERS_STREAM, [forgotten(alice, [aliceStory], [])], 'any');
      await store.append(
        `comment-${aliceComment}-again`,
        [comment(aliceComment, aliceStory, alice, 'Alice again', 'Alice story')],
        'any',
      );
      const seen: RecordedEvent[] = [];
      for (;;) {
        const next: IteratorResult<SubscriptionMessage> = await messages.next();
        if (next.done) break;
        if (next.value.kind !== 'event') continue;
        seen.push(next.value.event);
        if (next.value.event.stream === `comment-${aliceComment}-again`) break;
      }
      await subscription.close();
      const last = seen.at(-1);
      expect(last?.type).toBe('CommentPosted');
      expect(last?.data).toMatchObject({ content: DELETED_TEXT, story: { content: DELETED_TEXT } });
      await store.close();
    });
  });
}
