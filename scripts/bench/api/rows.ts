import { register, registerMany, type Account } from './accounts';
import type { PreparedServer } from './server';

/** Stories the reader of the unseen-random row has voted on (and so never draws again). */
const SEEN_BY_READER = 100;
/**
 * Stories each voter of the "many seen" vote row voted on before it is measured; at most half
 * of a smaller run's stories, so that the row's own votes still find stories they have not voted on.
 */
const SEEN_BY_VOTER = 1_000;
/** Connections the many-seen voters cast their earlier votes over. */
const SETUP_CONNECTIONS = 10;

export interface BenchRequest {
  path: string;
  headers?: Record<string, string>;
  body?: string;
}
/** Per request: path, headers and body (distinct users, distinct stories). */
export type NextRequest = () => BenchRequest;

/** One row of the table: an endpoint measured on the bare handler and on every server. */
export interface RowSpec {
  name: string;
  /** The least share of the bare handler's requests/s the real server must reach. */
  target: number;
  path: string;
  method?: 'POST';
  /**
   * Run once per server before the row is measured there: what the row needs on that server
   * (accounts, earlier votes). Answers a maker of request sequences, each starting afresh.
   */
  prepare?: (server: PreparedServer) => Promise<() => NextRequest>;
}

const voteRequest = (voter: Account, storyId: string, i: number): BenchRequest => ({
  path: `/api/stories/${storyId}/vote`,
  headers: { cookie: voter.cookie, 'content-type': 'application/json' },
  body: JSON.stringify({ vote: i % 3 ? 'he' : 'she' }),
});

/**
 * Each request a different (user, story) pair. In bench order the users vote on one story after
 * the other; spread, consecutive votes land on stories far apart (each user walks the stories in
 * steps of 7 from its own start, 7 and 10,000 being coprime, so no pair repeats).
 */
function votesBy(
  ids: readonly string[],
  who: readonly Account[],
  order: 'bench' | 'spread',
  skip = 0,
): NextRequest {
  let i = 0;
  return () => {
    const n = i++;
    const k = Math.floor(n / who.length);
    const v = n % who.length;
    const story = order === 'bench' ? skip + k : skip + ((k * 7 + v * 500) % (ids.length - skip));
    return voteRequest(who[v]!, ids[story % ids.length]!, n);
  };
}

async function castAll(base: string, next: NextRequest, votes: number): Promise<void> {
  let cast = 0;
  await Promise.all(
    Array.from({ length: SETUP_CONNECTIONS }, async () => {
      while (cast++ < votes) {
        const { path, headers, body } = next();
        const res = await fetch(`${base}${path}`, { method: 'POST', headers, body });
        if (!res.ok) throw new Error(`earlier vote: ${res.status} ${await res.text()}`);
      }
    }),
  );
}

/** A member who has voted on the first stories: each of their draws leaves those out. */
async function seasonedReader(server: PreparedServer, ids: readonly string[]): Promise<Account> {
  const reader = await register(server.base, 'bench-reader@example.com', '10.9.3.1');
  const votes = ids.slice(0, SEEN_BY_READER).map((storyId) => ({
    path: `/api/stories/${storyId}/vote`,
    headers: { cookie: reader.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ vote: 'she' }),
  }));
  let i = 0;
  await castAll(server.base, () => votes[i++]!, votes.length);
  return reader;
}

/** The rows of `npm run bench -- api`, in the order they are measured. */
export function apiRows(ids: readonly string[], sample: string): RowSpec[] {
  const votePath = `/api/stories/${sample}/vote`;
  const seenByVoter = Math.min(SEEN_BY_VOTER, Math.floor(ids.length / 2));
  return [
    {
      name: 'GET /api/stories/{id}',
      target: 0.7,
      path: `/api/stories/${sample}`,
      prepare: () =>
        Promise.resolve(() => {
          let readIndex = 0;
          return () => ({ path: `/api/stories/${ids[readIndex++ % ids.length]}` });
        }),
    },
    { name: 'GET /api/stories/random', target: 0.7, path: '/api/stories/random' },
    {
      // Three reads per draw (the pool size, the drawn slot, then whether they saw that story,
      // by id) instead of two.
      name: `GET /api/stories/random (${SEEN_BY_READER} seen)`,
      target: 0.6,
      path: '/api/stories/random',
      prepare: async (server) => {
        const reader = await seasonedReader(server, ids);
        return () => () => ({ path: '/api/stories/random', headers: { cookie: reader.cookie } });
      },
    },
    { name: 'GET /api/stories (feed)', target: 0.7, path: '/api/stories' },
    {
      name: 'POST /api/stories/{id}/vote',
      target: 0.3,
      path: votePath,
      method: 'POST',
      prepare: (server) => Promise.resolve(() => votesBy(ids, server.voters, 'bench')),
    },
    {
      // Fresh voters for each further row, so that no (user, story) pair is voted twice.
      name: 'POST vote, spread over stories',
      target: 0.25,
      path: votePath,
      method: 'POST',
      prepare: async (server) => {
        const voters = await registerMany(server.base, 'spread-voter', 4, server.voters.length);
        return () => votesBy(ids, voters, 'spread');
      },
    },
    {
      // Voters who have each voted on 1,000 stories already: a vote must not cost more for them.
      name: `POST vote, ${seenByVoter} stories seen`,
      target: 0.3,
      path: votePath,
      method: 'POST',
      prepare: async (server) => {
        const voters = await registerMany(server.base, 'seasoned-voter', 5, server.voters.length);
        await castAll(server.base, votesBy(ids, voters, 'bench'), seenByVoter * voters.length);
        return () => votesBy(ids, voters, 'bench', seenByVoter);
      },
    },
    {
      // Derived when asked, and asked every 15 s by each open bell: the author's 50 newest stories,
      // each with its moderation entries, its hourly votes (the vote rows above voted on some of
      // them) and its new comments. A per-member cache would have to beat this first.
      name: 'GET /api/notifications (50 stories)',
      target: 0.2,
      path: '/api/notifications',
      prepare: (server) =>
        Promise.resolve(() => () => ({
          path: '/api/notifications',
          headers: { cookie: server.admin.cookie },
        })),
    },
  ];
}
