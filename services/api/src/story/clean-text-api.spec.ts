import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema } from '@whosright/contracts/account/dto';
import { storyCardSchema } from '@whosright/contracts/story/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { startTestServer, type TestServer } from '#api/app/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('text people write', () => {
  it('when a story, a comment or a name holds NUL, a bidi control, an unpaired surrogate or stacked marks they are cleaned', async () => {
    const zalgo = `Z${'\u0301'.repeat(30)}`;
    const member = await signUp(server);
    const story = parseBody(
      await member.agent
        .post('/api/stories')
        .send({
          content: `He\u0000 says ${zalgo} is\u202E art\uD800.\u200B Who is right?`,
          category: 'other',
        })
        .expect(201),
      storyCardSchema,
    );
    expect(story.content).toBe(`He says Z${'\u0301'.repeat(3)} is art. Who is right?`);

    const named = server.agent();
    const res = await named
      .post('/api/auth/register')
      .send({
        email: 'zalgo@example.com',
        password: 'a good password',
        firstName: `A\u0000nn${'\u0308'.repeat(12)}`,
        lastName: '\uDC00Lee',
      })
      .expect(201);
    expect(parseBody(res, currentUserSchema)).toMatchObject({
      firstName: `Ann${'\u0308'.repeat(3)}`,
      lastName: 'Lee',
    });
  });
});
