import { z } from 'zod';
import type { signUp } from './people';

type Member = Awaited<ReturnType<typeof signUp>>;

const idOf = (res: { body: unknown }) => z.object({ id: z.string() }).parse(res.body).id;

/** A story `author` submits, pending moderation; answers its id. */
export async function submittedStory(
  author: Member,
  content = 'He keeps every receipt. Who is right?',
  category = 'money',
): Promise<string> {
  return idOf(await author.agent.post('/api/stories').send({ content, category }).expect(201));
}

/** A story `author` submits and `admin` approves, as the API does it; answers its id. */
export async function approvedStory(
  author: Member,
  admin: Member,
  content?: string,
  category?: string,
): Promise<string> {
  const storyId = await submittedStory(author, content, category);
  await admin.agent.patch(`/api/admin/stories/${storyId}`).send({ status: 'approved' }).expect(200);
  return storyId;
}

/** Bodies a story submission refuses with 400, and so does a resubmission (the same checks). */
export const INVALID_STORY_BODIES: ReadonlyArray<[string, object]> = [
  ['blank content', { content: '   ', category: 'money' }],
  ['1001 characters after trimming', { content: ` ${'x'.repeat(1001)} `, category: 'money' }],
  ['an unknown category', { content: 'Fine story', category: 'sports' }],
  ['a missing category', { content: 'Fine story' }],
  ['an extra key', { content: 'Fine story', category: 'money', status: 'approved' }],
  ['content of the wrong type', { content: 42, category: 'money' }],
];
