import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@whosright/contracts/account/dto';
import type { ForgettingLog, ReadStreamOptions, RecordedEvent } from '@whosright/eventstore/port';
import { startTestServer, type TestServer } from '#api/app/test-server';
import { signUp } from '#api/testing/people';
import { buildMemberExport, type MemberExport } from './member-export';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let members: Awaited<ReturnType<typeof signUp>>[];

const idOf = (res: { body: unknown }) => (res.body as { id: string }).id;

async function approvedStory(author: (typeof members)[number], content: string) {
  const id = idOf(
    await author.agent.post('/api/stories').send({ content, category: 'money' }).expect(201),
  );
  await admin.agent.patch(`/api/admin/stories/${id}`).send({ status: 'approved' }).expect(200);
  return id;
}

/**
 * Three members who each write, vote, react, comment, vote on comments, view and skip, on each
 * other's stories; an admin who moderates and removes a comment; a visitor who skips.
 */
async function seed(): Promise<void> {
  const stories: string[] = [];
  for (const [i, member] of members.entries()) {
    await member.agent
      .patch('/api/users/profile')
      .send({ username: `streams_${i}_${process.pid}`, profileImageUrl: null })
      .expect(200);
    stories.push(await approvedStory(member, `Story ${i} by a member. Who is right?`));
  }
  const rejected = idOf(
    await members[0]!.agent
      .post('/api/stories')
      .send({ content: 'A story the admin rejects. Who is right?', category: 'other' })
      .expect(201),
  );
  await admin.agent
    .patch(`/api/admin/stories/${rejected}`)
    .send({ status: 'rejected', reason: 'Off topic' })
    .expect(200);
  for (const [i, member] of members.entries()) {
    const other = stories[(i + 1) % stories.length]!;
    await member.agent.post(`/api/stories/${other}/track`).send({ action: 'view' }).expect(204);
    await member.agent.post(`/api/stories/${other}/vote`).send({ vote: 'she' }).expect(200);
    await member.agent.post(`/api/stories/${other}/reactions`).send({ type: 'wtf' }).expect(200);
    const comment = idOf(
      await member.agent
        .post(`/api/stories/${other}/comments`)
        .send({ content: `Comment of member ${i}` })
        .expect(201),
    );
    const voter = members[(i + 2) % members.length]!;
    await voter.agent.post(`/api/comments/${comment}/vote`).send({ vote: 'down' }).expect(200);
    if (i === 1)
      await admin.agent
        .delete(`/api/admin/comments/${comment}`)
        .send({ reason: 'Rude' })
        .expect(204);
    const skipped = stories[(i + 2) % stories.length]!;
    await member.agent.post(`/api/stories/${skipped}/track`).send({ action: 'skip' }).expect(204);
  }
  await server
    .agent()
    .post(`/api/stories/${stories[0]}/track`)
    .send({ action: 'skip' })
    .expect(204);
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'streams-admin@example.com' });
  admin = await signUp(server, { email: 'streams-admin@example.com' });
  members = [await signUp(server), await signUp(server), await signUp(server)];
  await seed();
}, 120_000);
afterAll(async () => {
  await server.stop();
});

const field = (data: unknown, key: string): unknown =>
  typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;

/**
 * The export as it was built before the member-streams read model: one pass over the whole log,
 * keeping what names the member and what followed on the streams they started.
 */
async function fullScanExport(account: CurrentUser, exportedAt: string): Promise<MemberExport> {
  const userId = account.id;
  const started = new Set<string>();
  const kept: RecordedEvent[] = [];
  for await (const event of server.running.application.stores.forgettingLog.readAll()) {
    const theirs =
      event.stream === `user-${userId}` ||
      started.has(event.stream) ||
      event.metadata.actorId === userId ||
      field(event.data, 'userId') === userId ||
      field(event.data, 'authorId') === userId;
    if (!theirs) continue;
    if (['SessionStarted', 'StorySubmitted', 'CommentPosted'].includes(event.type))
      started.add(event.stream);
    kept.push(event);
  }
  return buildMemberExport(account, kept, new Date(exportedAt));
}

/** Counts what the export reads of the log, through the very object the route reads. */
function watchReads(log: Pick<ForgettingLog, 'readAll' | 'readStream'>) {
  const streams: string[] = [];
  let fullReads = 0;
  let eventsRead = 0;
  const readAll = log.readAll.bind(log);
  const readStream = log.readStream.bind(log);
  log.readStream = (stream: string, options?: ReadStreamOptions) => {
    streams.push(stream);
    return (async function* counted() {
      for await (const event of readStream(stream, options)) {
        eventsRead += 1;
        yield event;
      }
    })();
  };
  log.readAll = (options) => {
    fullReads += 1;
    return readAll(options);
  };
  return {
    read: () => ({ streams, fullReads, eventsRead }),
    stop: () => Object.assign(log, { readAll, readStream }),
  };
}

describe('GET /api/users/me/export from the member’s own streams', () => {
  it('when members export on a seeded log each gets what a full pass over the log gave, the admin named by role', async () => {
    for (const member of [...members, admin]) {
      const res = await member.agent.get('/api/users/me/export').expect(200);
      const body = res.body as MemberExport;
      const expected = JSON.parse(
        JSON.stringify(await fullScanExport(body.account, body.exportedAt)),
      ) as MemberExport;
      expect(body).toEqual(expected);
      expect(body.events.length).toBeGreaterThan(5);
      if (member !== admin) expect(JSON.stringify(body)).not.toContain(admin.id);
    }
    const moderated = (
      (await members[0]!.agent.get('/api/users/me/export').expect(200)).body as MemberExport
    ).events.filter((e) => e.type === 'StoryModerated');
    // Approved, and the second story rejected.
    expect(moderated.map((e) => field(e.data, 'moderatorId'))).toEqual(['an admin', 'an admin']);
  }, 60_000);

  it('when a member exports it reads only streams that name them, never the whole log', async () => {
    const { stores } = server.running.application;
    const member = members[2]!;
    const total = Number(await stores.eventStore.countEvents!());
    const watch = watchReads(stores.forgettingLog);
    try {
      await member.agent.get('/api/users/me/export').expect(200);
    } finally {
      watch.stop();
    }
    const { streams, fullReads, eventsRead } = watch.read();
    expect(fullReads).toBe(0);
    expect(streams.length).toBeGreaterThan(5);
    // Each stream it read holds an event that names the member.
    for (const stream of streams) {
      let names = false;
      for await (const event of stores.forgettingLog.readStream(stream))
        names ||=
          event.stream === `user-${member.id}` ||
          event.metadata.actorId === member.id ||
          field(event.data, 'userId') === member.id ||
          field(event.data, 'authorId') === member.id;
      expect(names, stream).toBe(true);
    }
    expect(eventsRead).toBeLessThan(total / 2);
  }, 60_000);
});
