import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insightsSchema } from '@whosright/contracts/insights/dto';
import { INSIGHTS } from '@whosright/projections/insights/docs';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { approvedStory, submittedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'insights-admin@example.com' });
  admin = await signUp(server, { email: 'insights-admin@example.com' });
});
afterAll(async () => {
  await server.stop();
});

/** The insights once the read model has every write so far (it follows by subscription). */
async function insights(query = '') {
  await server.running.application.bus.settleAll([INSIGHTS]);
  return parseBody(
    await admin.agent.get(`/api/admin/insights${query}`).expect(200),
    insightsSchema,
  );
}

const vote = (
  agent: Awaited<ReturnType<typeof signUp>>['agent'],
  storyId: string,
  choice: string,
) => agent.post(`/api/stories/${storyId}/vote`).send({ vote: choice }).expect(200);

describe('admin insights', () => {
  it('when members sign up, write, vote and comment today counts it all, and the stories split by who leads', async () => {
    const author = await signUp(server);
    const ann = await signUp(server);
    const ben = await signUp(server);
    const herSide = await approvedStory(
      author,
      admin,
      'He leaves wet towels on the bed. Who is right?',
    );
    const hisSide = await approvedStory(author, admin, 'She hides the remote. Who is right?');
    await approvedStory(author, admin, 'Nobody has voted on this one yet. Who is right?');
    await submittedStory(author, 'Still pending, so it leads nothing. Who is right?');
    await vote(ann.agent, herSide, 'she');
    await vote(ben.agent, herSide, 'she');
    await vote(ann.agent, hisSide, 'he');
    await ann.agent
      .post(`/api/stories/${herSide}/comments`)
      .send({ content: 'Towels belong on the rail.' })
      .expect(201);

    const body = await insights();
    expect(body.days).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(body.days.at(-1)).toEqual({
      date: today,
      signups: 4,
      stories: 4,
      votes: 3,
      comments: 1,
    });
    expect(body.days[0]).toMatchObject({ votes: 0, stories: 0, comments: 0, signups: 0 });
    expect(body.days.map((day) => day.date)).toEqual([...body.days.map((d) => d.date)].sort());
    expect(body.verdicts).toEqual({ he: 1, she: 1, tied: 0, none: 1 });
    expect(body.skipRates.buckets).toHaveLength(10);
    expect(body.skipRates.buckets[0]).toEqual({ from: 0, to: 0.1, stories: 0 });
    expect(body.skipRates.buckets.at(-1)).toMatchObject({ from: 0.9, to: 1 });
    expect(body.skipRates).toMatchObject({ minViews: 10, threshold: null, poorPerformers: 0 });
  });

  it('when 90 days are asked it answers 90 days ending today', async () => {
    const body = await insights('?days=90');
    expect(body.days).toHaveLength(90);
    expect((await insights('?days=')).days).toHaveLength(30);
    expect(body.days.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
  });

  it.each([
    ['7 days', '?days=7'],
    ['days that are no number', '?days=many'],
    ['an unknown parameter', '?days=30&from=2026-01-01'],
  ])('when asked for %s it answers 400 and says why', async (_case, query) => {
    const res = await admin.agent.get(`/api/admin/insights${query}`).expect(400);
    expect((res.body as { message: string }).message).toBeTruthy();
  });
});
