import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storySearchPageSchema } from '@whosright/contracts/search/dto';
import { parseBody } from '#api/testing/parse-body';
import { signUp } from '#api/testing/people';
import { approvedStory, submittedStory } from '#api/testing/stories';
import { startTestServer, type TestServer } from '#api/app/test-server';
import { runReplay } from '#api/cli/replay/run-replay';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { readModels } from '@whosright/projections/read-models';
import { STORY_SEARCH } from '@whosright/projections/story-search/docs';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signUp>>;
let author: Awaited<ReturnType<typeof signUp>>;
type Agent = ReturnType<TestServer['agent']>;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'search-admin@example.com' });
  admin = await signUp(server, { email: 'search-admin@example.com' });
  author = await signUp(server);
});
afterAll(async () => {
  await server.stop();
});

/**
 * A word no other test's story holds, so each test searches its own stories: syllables, so that
 * it has no doubled consonant a stemmer would fold ("-tting" stems to "-t").
 */
const SYLLABLES = ['ka', 'mo', 'pu', 'ri', 'te', 'vo', 'lu', 'ni', 'sa', 'go'];
let words = 0;
const uniqueWord = () => {
  words += 1;
  return `zorb${`${process.pid}${words}`.replace(/\d/g, (d) => SYLLABLES[Number(d)]!)}`;
};

/**
 * A search once the search read model has every write so far: no command waits for it (a search
 * is not read back by a write), and after a rebuild it follows the log by subscription.
 */
const search = async (query: string, agent: Agent = server.agent()) => {
  await server.running.application.bus.settleAll([STORY_SEARCH]);
  return parseBody(
    await agent.get(`/api/stories/search?${query}`).expect(200),
    storySearchPageSchema,
  );
};
const foundIds = async (query: string, agent?: Agent) =>
  (await search(query, agent)).items.map((story) => story.id);
const hide = (storyId: string) =>
  admin.agent.patch(`/api/admin/stories/${storyId}`).send({ status: 'hidden' }).expect(200);

describe('story search', () => {
  it('when stories are searched the approved ones holding any form of the word are found, most relevant first, with the word marked', async () => {
    const word = uniqueWord();
    const once = await approvedStory(
      author,
      admin,
      `He keeps ${word}ing about the bins. Who is right?`,
    );
    const thrice = await approvedStory(author, admin, `${word}s, ${word}s and more ${word}s.`);
    await submittedStory(author, `A pending story about ${word}s.`);

    const page = await search(`q=${word}`);
    expect(page.items.map((story) => story.id)).toEqual([thrice, once]);
    expect(page.nextCursor).toBeNull();
    const marked = page.items[1]!.excerpt.filter((piece) => piece.match);
    expect(marked.map((piece) => piece.text)).toEqual([`${word}ing`]);
    expect(page.items[1]!.excerpt.map((piece) => piece.text).join('')).toContain('about the bins');
    expect(page.items[1]!.content).toContain('Who is right?');
  });

  it('when a phrase is quoted or a word has a leading minus the phrase must appear and the word must not', async () => {
    const word = uniqueWord();
    const towels = await approvedStory(author, admin, `${word} folds the towels in thirds.`);
    const thirds = await approvedStory(
      author,
      admin,
      `${word} cuts the cake in thirds, not towels.`,
    );
    expect(await foundIds(`q=${encodeURIComponent(`${word} "towels in thirds"`)}`)).toEqual([
      towels,
    ]);
    expect(await foundIds(`q=${encodeURIComponent(`${word} -cake`)}`)).toEqual([towels]);
    expect((await foundIds(`q=${word}`)).sort()).toEqual([towels, thirds].sort());
  });

  it('when a story is hidden or deleted it is no longer found, and a hidden one is found again once approved', async () => {
    const word = uniqueWord();
    const hidden = await approvedStory(author, admin, `The ${word} was hidden later.`);
    const deleted = await approvedStory(author, admin, `The ${word} was deleted later.`);
    await hide(hidden);
    await author.agent.delete(`/api/stories/${deleted}`).expect(204);
    expect(await foundIds(`q=${word}`)).toEqual([]);
    await admin.agent
      .patch(`/api/admin/stories/${hidden}`)
      .send({ status: 'approved' })
      .expect(200);
    expect(await foundIds(`q=${word}`)).toEqual([hidden]);
  });

  it('when an author deletes their account their stories are no longer found', async () => {
    const word = uniqueWord();
    const leaving = await signUp(server);
    await approvedStory(leaving, admin, `My ${word} story, soon forgotten.`);
    expect(await foundIds(`q=${word}`)).toHaveLength(1);
    await leaving.agent
      .post('/api/users/me/delete')
      .send({ password: 'a good password' })
      .expect(200);
    expect(await foundIds(`q=${word}`)).toEqual([]);
  });

  it('when the search read model is rebuilt by replay it finds the same stories, and still not the hidden ones', async () => {
    const word = uniqueWord();
    const shown = await approvedStory(author, admin, `The ${word} survives a rebuild.`);
    await hide(await approvedStory(author, admin, `The ${word} stays hidden after a rebuild.`));
    const code = await runReplay(['story-search'], {
      projections: readModels,
      catalog: domainEventCatalog,
      dataDir: server.dataDir,
      stdout: { write: () => undefined, isTTY: false },
      stderr: { write: () => undefined, isTTY: false },
    });
    expect(code).toBe(0);
    expect(await foundIds(`q=${word}`)).toEqual([shown]);
  });

  it('when filtered by category and date only the stories of that category since that day are found', async () => {
    const word = uniqueWord();
    const money = await approvedStory(author, admin, `${word} and the joint account.`, 'money');
    const family = await approvedStory(author, admin, `${word} and the in-laws.`, 'family');
    expect(await foundIds(`q=${word}&category=money`)).toEqual([money]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await foundIds(`q=${word}&category=money&since=${today}`)).toEqual([money]);
    expect(await foundIds(`q=${word}&since=2999-01-01`)).toEqual([]);
    expect(await foundIds(`q=${word}&since=2999-01-01T00:00:00Z`)).toEqual([]);
    // Empty filters, as a form sends them, filter nothing.
    expect((await foundIds(`q=${word}&category=&verdict=&since=&cursor=`)).sort()).toEqual(
      [money, family].sort(),
    );
  });

  it('when filtered by verdict only stories whose verdict the reader sees, on that side, are found', async () => {
    const word = uniqueWord();
    const storyId = await approvedStory(author, admin, `${word}: he forgot the anniversary.`);
    const voter = await signUp(server);
    await voter.agent.post(`/api/stories/${storyId}/vote`).send({ vote: 'she' }).expect(200);
    expect(await foundIds(`q=${word}&verdict=she`, voter.agent)).toEqual([storyId]);
    expect(await foundIds(`q=${word}&verdict=he`, voter.agent)).toEqual([]);
    // A visitor has not judged this young story: its verdict is not theirs to filter by.
    expect(await foundIds(`q=${word}&verdict=she`)).toEqual([]);
    expect(await foundIds(`q=${word}`)).toEqual([storyId]);
  });

  it('when the matches are more than a page they come in cursor pages, each once, in order', async () => {
    const word = uniqueWord();
    for (let n = 1; n <= 3; n += 1)
      await approvedStory(author, admin, `${`${word} `.repeat(n)}and the dishwasher.`);
    const whole = await foundIds(`q=${word}`);
    expect(whole).toHaveLength(3);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await search(`q=${word}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      walked.push(...page.items.map((story) => story.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(whole);
  });

  it.each([
    ['no q', '', 'Type a word to search for'],
    ['a blank q', 'q=%20%20', 'Type a word to search for'],
    [
      'exclusions only',
      'q=-towels',
      'Search needs a word to look for, not only words to leave out',
    ],
    ['a q too long', `q=${'a'.repeat(201)}`, 'Search must be at most 200 characters'],
    ['an unknown verdict', 'q=towels&verdict=both', undefined],
    ['an unknown category', 'q=towels&category=sports', undefined],
    [
      'a since that is no date',
      'q=towels&since=yesterday',
      'since must be a date (YYYY-MM-DD) or an ISO date and time',
    ],
    ['a since of a day that does not exist', 'q=towels&since=2026-02-30', undefined],
    ['a cursor that is no cursor', 'q=towels&cursor=not-a-cursor', 'Invalid cursor'],
    [
      'the cursor of a list by date',
      `q=towels&cursor=${Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', 'story_x'])).toString('base64url')}`,
      'Invalid cursor',
    ],
    ['an unknown parameter', 'q=towels&sort=newest', undefined],
  ])('when the search has %s it answers 400 and says why', async (_case, query, message) => {
    const res = await server.agent().get(`/api/stories/search?${query}`).expect(400);
    const body = res.body as { message: string; issues?: Array<{ message: string }> };
    expect(body.message).toBeTruthy();
    if (message)
      expect([body.message, ...(body.issues ?? []).map((issue) => issue.message)]).toContain(
        message,
      );
  });
});
