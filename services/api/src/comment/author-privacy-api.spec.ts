import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commentSchema } from '@whosright/contracts/comment/dto';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;
const idOf = (res: { body: unknown }) => z.object({ id: z.string() }).parse(res.body).id;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'privacy-admin@example.com' });
});
afterAll(async () => {
  await server.stop();
});

describe('comment authors in public', () => {
  it('when anyone but an admin reads comments the author shows only the last name initial', async () => {
    const admin = await signUp(server, { email: 'privacy-admin@example.com' });
    const author = server.agent();
    await author
      .post('/api/auth/register')
      .send({
        email: 'mara@example.com',
        password: 'a good password',
        firstName: 'Mara',
        lastName: 'élan-Okafor',
      })
      .expect(201);
    // Someone else's story: on their own, a story's author is shown only as its author.
    const storyId = idOf(
      await admin.agent
        .post('/api/stories')
        .send({ content: 'He reads my texts aloud. Who is right?', category: 'communication' })
        .expect(201),
    );
    await admin.agent
      .patch(`/api/admin/stories/${storyId}`)
      .send({ status: 'approved' })
      .expect(200);
    const posted = await author
      .post(`/api/stories/${storyId}/comments`)
      .send({ content: 'Mine.' })
      .expect(201);
    expect(commentSchema.parse(posted.body).author.lastName).toBe('É');

    const authorOf = async (agent: ReturnType<TestServer['agent']>) =>
      z.array(commentSchema).parse((await agent.get(`/api/stories/${storyId}/comments`)).body)[0]!
        .author;
    expect(await authorOf(server.agent())).toMatchObject({ firstName: 'Mara', lastName: 'É' });
    expect(await authorOf(server.agent())).not.toHaveProperty('email');
    expect(await authorOf(admin.agent)).toMatchObject({
      lastName: 'élan-Okafor',
      email: 'mara@example.com',
    });
  });
});
