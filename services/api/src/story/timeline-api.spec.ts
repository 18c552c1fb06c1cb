import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storyCardSchema, storyTimelineResponseSchema } from '@whosright/contracts/story/dto';
import type { VoteChoice } from '@whosright/contracts/story/events';
import { STORY_TIMELINE } from '@whosright/projections/story-timeline/docs';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let author: Awaited<ReturnType<typeof signUp>>;
/** Members who vote; each votes at most once per story. */
const voters: Array<Awaited<ReturnType<typeof signUp>>> = [];

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'timeline-admin@example.com' });
  admin = await signUp(server, { email: 'timeline-admin@example.com' });
  author = await signUp(server);
  for (let i = 0; i < 5; i++) voters.push(await signUp(server));
}, 60_000);
afterAll(async () => {
  await server.stop();
});

async function submittedStory() {
  const res = await author.agent.post('/api/stories').send({
    content: `She keeps the heating at 24 degrees. Who is right? (${Math.random()})`,
    category: 'household',
  });
  expect(res.status).toBe(201);
  return parseBody(res, storyCardSchema).id;
}

async function approvedStory() {
  const id = await submittedStory();
  await admin.agent.patch(`/api/admin/stories/${id}`).send({ status: 'approved' }).expect(200);
  return id;
}

/** Votes as members cast them, back-dated (as the demo seed does), then the timeline caught up. */
async function votes(storyId: string, cast: ReadonlyArray<[VoteChoice, string]>) {
  const { engagement, stores } = server.running.application;
  for (const [i, [vote, recordedAt]] of cast.entries()) {
    const userId = voters[i]!.id;
    await engagement.vote(storyId, { _id: userId }, vote, {
      userId,
      correlationId: `timeline-${i}`,
      recordedAt,
    });
  }
  await stores.projections.waitFor(await stores.eventStore.headPosition(), [STORY_TIMELINE]);
}

const timelineOf = async (storyId: string, agent = server.agent()) => {
  const res = await agent.get(`/api/stories/${storyId}/timeline`);
  expect(res.status).toBe(200);
  return parseBody(res, storyTimelineResponseSchema);
};

describe('the verdict timeline', () => {
  it('when nobody has voted it answers no points and no flips', async () => {
    const id = await approvedStory();
    expect(await timelineOf(id)).toEqual({ granularity: 'hour', points: [], flips: [] });
  });

  it('when the votes span a few hours it answers cumulative counts per hour and the flips', async () => {
    const id = await approvedStory();
    await votes(id, [
      ['he', '2026-02-01T09:10:00.000Z'],
      ['she', '2026-02-01T09:20:00.000Z'],
      ['she', '2026-02-01T10:05:00.000Z'],
      ['he', '2026-02-01T12:00:00.000Z'],
      ['he', '2026-02-01T12:30:00.000Z'],
    ]);
    expect(await timelineOf(id)).toEqual({
      granularity: 'hour',
      points: [
        { at: '2026-02-01T09:00:00.000Z', he: 1, she: 1 },
        { at: '2026-02-01T10:00:00.000Z', he: 1, she: 2 },
        { at: '2026-02-01T12:00:00.000Z', he: 3, she: 2 },
      ],
      // The tie at 9 leads nobody; She's lead from 10 is the first lead, He's at 12 a flip.
      flips: [{ at: '2026-02-01T12:00:00.000Z', leader: 'he' }],
    });
  });

  it('when the votes span more than 72 hours it answers days', async () => {
    const id = await approvedStory();
    await votes(id, [
      ['she', '2026-01-10T10:00:00.000Z'],
      ['she', '2026-01-10T11:00:00.000Z'],
      ['he', '2026-01-11T09:00:00.000Z'],
      ['he', '2026-01-11T10:00:00.000Z'],
      ['he', '2026-01-14T08:00:00.000Z'],
    ]);
    expect(await timelineOf(id)).toEqual({
      granularity: 'day',
      points: [
        { at: '2026-01-10T00:00:00.000Z', he: 0, she: 2 },
        { at: '2026-01-11T00:00:00.000Z', he: 2, she: 2 },
        { at: '2026-01-14T00:00:00.000Z', he: 3, she: 2 },
      ],
      flips: [{ at: '2026-01-14T00:00:00.000Z', leader: 'he' }],
    });
  });

  it('when the story is pending only its author and admins see the timeline; others get 404', async () => {
    const id = await submittedStory();
    expect((await author.agent.get(`/api/stories/${id}/timeline`)).status).toBe(200);
    expect((await admin.agent.get(`/api/stories/${id}/timeline`)).status).toBe(200);
    expect((await server.agent().get(`/api/stories/${id}/timeline`)).status).toBe(404);
    expect((await voters[0]!.agent.get(`/api/stories/${id}/timeline`)).status).toBe(404);
  });

  it('when the story is deleted its timeline answers 404, to admins too', async () => {
    const id = await approvedStory();
    await votes(id, [['he', '2026-02-01T09:10:00.000Z']]);
    expect((await timelineOf(id)).points).toHaveLength(1);
    await author.agent.delete(`/api/stories/${id}`).expect(204);
    expect((await server.agent().get(`/api/stories/${id}/timeline`)).status).toBe(404);
    expect((await admin.agent.get(`/api/stories/${id}/timeline`)).status).toBe(404);
  });

  it('when the id is unknown it answers 404; when malformed, 400', async () => {
    const unknown = 'story_01JZZZZZZZZZZZZZZZZZZZZZZZ';
    expect((await server.agent().get(`/api/stories/${unknown}/timeline`)).status).toBe(404);
    expect((await server.agent().get('/api/stories/not-an-id/timeline')).status).toBe(400);
    expect((await server.agent().get("/api/stories/story_1' OR 1=1/timeline")).status).toBe(400);
  });
});
