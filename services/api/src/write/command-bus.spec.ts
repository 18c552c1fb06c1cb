import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { newId } from '@whosright/contracts/shared/ids';
import type { EventStore } from '@whosright/eventstore/port';
import { createSqliteEventStore } from '@whosright/eventstore/sqlite/sqlite-event-store';
import { reports, reportsStream } from '#api/report/decider';
import { story } from '#api/story/decider';
import { CommandBus } from './command-bus';
import { memberGuards } from '#api/account/member-guards';
import { commandOn, memberCommandOn } from './commands';

const actor = { correlationId: 'test' };
const metadata = { correlationId: 'test' };

describe('CommandBus, the one door to the log', () => {
  let store: EventStore;
  let bus: CommandBus;
  const storyId = newId('story');
  const stream = `story-${storyId}`;
  const submit = {
    type: 'SubmitStory' as const,
    storyId,
    authorId: newId('user'),
    content: 'Who is right?',
    category: 'other' as const,
  };

  const moderate = {
    type: 'ModerateStory' as const,
    storyId,
    moderatorId: newId('user'),
    to: 'approved' as const,
    reason: null,
  };

  beforeEach(() => {
    store = createSqliteEventStore({ file: ':memory:', catalog: domainEventCatalog });
    bus = new CommandBus(store, null, {});
  });
  afterEach(() => store.close());

  it('when a slice reads a stream twice it folds only what came after the revision it holds', async () => {
    await bus.run(stream, story, submit, actor);
    expect((await bus.state(stream, story)).status).toBe('pending');
    const reads = vi.spyOn(store, 'readStream');
    expect((await bus.state(stream, story)).status).toBe('pending');
    expect(reads).toHaveBeenCalledWith(stream, { from: 1n });
  });

  it('when another writer appended meanwhile the state read through the bus includes it', async () => {
    await bus.run(stream, story, submit, actor);
    expect((await bus.state(stream, story)).status).toBe('pending');
    await store.append(
      stream,
      [
        {
          type: 'StoryModerated',
          data: {
            storyId,
            moderatorId: newId('user'),
            from: 'pending',
            to: 'approved',
            reason: null,
          },
          metadata,
        },
      ],
      'any',
    );
    expect((await bus.state(stream, story)).status).toBe('approved');
  });

  it('when commands decide on the fold the bus hands out they share its cache with state reads', async () => {
    const fold = bus.fold(story);
    expect(bus.fold(story)).toBe(fold);
    await bus.run(stream, story, submit, actor);
    expect((await bus.state(stream, story)).exists).toBe(true);
    const reads = vi.spyOn(store, 'readStream');
    await bus.runAll([commandOn(stream, story, moderate, { fold })], actor);
    expect(reads).toHaveBeenCalledWith(stream, { from: 1n });
    expect(reads).not.toHaveBeenCalledWith(stream, {});
  });

  it('when a command names no fold (a guard, say) it still decides on the cached one', async () => {
    const authorId = newId('user');
    await store.append(
      `user-${authorId}`,
      [{ type: 'UserUnbanned', data: { reason: 'never banned' }, metadata }],
      'any',
    );
    const guard = memberGuards.mayWrite(authorId, { removal: false });
    await bus.runAll([guard, commandOn(stream, story, { ...submit, authorId })], actor);
    await bus.state(stream, story);
    const reads = vi.spyOn(store, 'readStream');
    await bus.runAll([guard, commandOn(stream, story, moderate)], actor);
    expect(reads).toHaveBeenCalledWith(stream, { from: 1n });
    expect(reads).not.toHaveBeenCalledWith(stream, {});
    expect(reads).not.toHaveBeenCalledWith(`user-${authorId}`, {});
  });

  it("when a member's own write goes through asMember a ban appended first refuses it", async () => {
    const guarded = new CommandBus(store, null, {}, memberGuards);
    const authorId = newId('user');
    const write = memberCommandOn(stream, story, { ...submit, authorId });
    await store.append(
      `user-${authorId}`,
      [{ type: 'UserBanned', data: { reason: null }, metadata }],
      'any',
    );
    await expect(guarded.asMember(authorId).runAll([write], actor)).rejects.toMatchObject({
      context: 'account',
      reason: 'banned',
    });
    expect((await guarded.state(stream, story)).exists).toBe(false);
    // The type refuses the plain entry, so no service can append it without the guard:
    // @ts-expect-error a member's own write only goes through bus.asMember
    await guarded.runAll([write], actor);
    expect((await guarded.state(stream, story)).exists).toBe(true);
  });

  it('when nothing was ever appended the log is empty, and after a write it is not', async () => {
    expect(await bus.logIsEmpty()).toBe(true);
    await bus.run(stream, story, submit, actor);
    expect(await bus.logIsEmpty()).toBe(false);
  });
});

describe('CommandBus, many writers on one stream', () => {
  let store: EventStore;
  const target = { targetType: 'story' as const, targetId: newId('story') };
  const fileReport = (reporterId: string) =>
    commandOn(reportsStream(target), reports, {
      type: 'FileReport',
      ...target,
      storyId: target.targetId,
      authorId: newId('user'),
      reporterId,
      reason: 'spam',
      note: undefined,
    });
  const fileAll = (bus: CommandBus, count: number) =>
    Promise.allSettled(
      Array.from({ length: count }, () => bus.runAll([fileReport(newId('user'))], actor)),
    );
  const filed = async () => {
    let count = 0;
    for await (const _ of store.readStream(reportsStream(target))) count++;
    return count;
  };

  beforeEach(() => {
    store = createSqliteEventStore({ file: ':memory:', catalog: domainEventCatalog });
  });
  afterEach(() => store.close());

  it('when 200 members report one story at once every report is appended', async () => {
    const results = await fileAll(new CommandBus(store, null, {}), 200);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await filed()).toBe(200);
  });

  it('when two processes take 100 reports each on one story at once every report is appended', async () => {
    const processes = [new CommandBus(store, null, {}), new CommandBus(store, null, {})];
    const results = (await Promise.all(processes.map((bus) => fileAll(bus, 100)))).flat();
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await filed()).toBe(200);
  });
});
