import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commentSchema } from '@whosright/contracts/comment/dto';
import { notificationsPageSchema } from '@whosright/contracts/notification/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { approvedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';

type Member = Awaited<ReturnType<typeof signUp>>;

let server: TestServer;
let admin: Member;
let teller: Member;
let reader: Member;
const commentListSchema = z.array(commentSchema);

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'badge-admin@example.com' });
  admin = await signUp(server, { email: 'badge-admin@example.com' });
  teller = await signUp(server, { firstName: 'Tessaly' });
  reader = await signUp(server, { firstName: 'Rowan' });
});
afterAll(async () => {
  await server.stop();
});

async function comment(by: Member, storyId: string, content: string, parentId?: string) {
  const body = parentId ? { content, parentId } : { content };
  const res = await by.agent.post(`/api/stories/${storyId}/comments`).send(body).expect(201);
  return parseBody(res, commentSchema);
}

const listAs = async (viewer: Member | null, storyId: string) =>
  parseBody(
    await (viewer ? viewer.agent : server.agent())
      .get(`/api/stories/${storyId}/comments`)
      .expect(200),
    commentListSchema,
  );

describe("the story's author in the thread", () => {
  it('when the story’s author comments on it, no one but admins is sent their name, avatar, id or side', async () => {
    const storyId = await approvedStory(teller, admin);
    await teller.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'he' }).expect(200);
    const own = await comment(teller, storyId, 'UPDATE: he apologised.');
    expect(own).toMatchObject({ byStoryAuthor: true, isOwn: true, side: null });
    expect(JSON.stringify(own)).not.toContain('Tessaly');
    await comment(reader, storyId, 'Good for him.');
    for (const viewer of [null, reader, teller]) {
      const [byTeller, byReader] = await listAs(viewer, storyId);
      expect(byTeller).toMatchObject({ byStoryAuthor: true, side: null });
      expect(byTeller?.author).toEqual({
        id: '',
        username: null,
        firstName: null,
        lastName: null,
        profileImageUrl: null,
      });
      expect(JSON.stringify(byTeller)).not.toContain(teller.id);
      expect(byReader?.byStoryAuthor).toBeUndefined();
      expect(byReader?.author.firstName).toBe('Rowan');
    }
    const [asAdmin] = await listAs(admin, storyId);
    expect(asAdmin).toMatchObject({
      byStoryAuthor: true,
      author: { id: teller.id, firstName: 'Tessaly' },
    });
  });

  it('when the story’s author comments on someone else’s story they are named as anyone is', async () => {
    const otherStory = await approvedStory(reader, admin);
    await comment(teller, otherStory, 'Been there.');
    const [seen] = await listAs(null, otherStory);
    expect(seen).toMatchObject({ author: { firstName: 'Tessaly' } });
    expect(seen?.byStoryAuthor).toBeUndefined();
  });

  it('when the story’s author replies, the parent’s author is told without their name', async () => {
    const storyId = await approvedStory(teller, admin);
    const asked = await comment(reader, storyId, 'Did he apologise?');
    await comment(teller, storyId, 'He did.', asked.id);
    const page = parseBody(
      await reader.agent.get('/api/notifications').expect(200),
      notificationsPageSchema,
    );
    const told = page.items.filter((item) => item.kind === 'replies').map((item) => item.text);
    expect(told).toEqual(["The story's author replied to your comment."]);
  });
});
