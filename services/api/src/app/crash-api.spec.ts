import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@whosright/testing/free-port';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { createSqliteEventStore } from '@whosright/eventstore/sqlite/sqlite-event-store';
import { waitForMailTo, withLink } from '#api/platform/mail/outbox-reader';

/**
 * The server as it runs (a child process on one SQLite file), under concurrent votes and
 * comments, killed with SIGKILL several times: every acknowledged write is there
 * afterwards, and the tallies equal the log.
 */
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'wr-crash-'));
const ADMIN = 'crash-admin@example.com';
const PASSWORD = 'a good password';
const ROUNDS = 4;
let port = 0;
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<void> {
  port ||= await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/app/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'crash-spec-session-secret-crash-spec-session',
      ADMIN_EMAILS: ADMIN,
      TRUST_PROXY: 'loopback',
      WRITE_LIMITS: '0',
      OIDC_ISSUER: '',
    },
    stdio: 'ignore',
  });
  await vi.waitFor(
    async () => {
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => undefined);
      if (!ready?.ok) throw new Error('the server did not get ready');
    },
    { timeout: 60_000, interval: 100 },
  );
}

async function kill(): Promise<void> {
  const dying = child!;
  await new Promise<void>((resolve) => {
    dying.once('exit', () => resolve());
    dying.kill('SIGKILL');
  });
}

let clients = 0;
/** One browser: its own address and session cookie. */
function browser() {
  const ip = `10.77.${(clients >> 8) & 255}.${++clients & 255}`;
  let cookie = '';
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}/api${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': ip,
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('wr_session='));
    if (set) cookie = set.split(';')[0]!;
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
}
type Browser = ReturnType<typeof browser>;

async function member(email: string): Promise<Browser> {
  const as = browser();
  const res = await as('POST', '/auth/register', { email, password: PASSWORD, firstName: 'Cr' });
  if (res.status !== 201) throw new Error(`register ${email}: ${res.status}`);
  return as;
}

describe('the server killed under load', () => {
  it(`when it is SIGKILLed ${ROUNDS} times mid-writes no acknowledged vote or comment is lost and tallies equal the log`, async () => {
    await start();
    const admin = await member(ADMIN);
    const mail = await waitForMailTo(dataDir, ADMIN, { matching: withLink('mode=verify') });
    const token = new URL(mail.links.find((l) => l.includes('mode=verify'))!).searchParams.get(
      'token',
    );
    expect((await admin('POST', '/auth/verify-email', { token })).status).toBe(200);
    const author = await member('crash-author@example.com');
    const stories: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await author('POST', '/stories', {
        content: `Crash story ${i}. Who is right?`,
        category: 'other',
      });
      stories.push(String(res.body.id));
      expect(
        (await admin('PATCH', `/admin/stories/${stories[i]}`, { status: 'approved' })).status,
      ).toBe(200);
    }
    const voters: Browser[] = [];
    for (let i = 0; i < 16; i++) voters.push(await member(`crash-voter${i}@example.com`));

    const ackedVotes = new Map<string, { voter: number; story: string; vote: string }>();
    const ackedComments: Array<{ story: string; content: string }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) await start();
      const writes: Array<Promise<void>> = [];
      let answered = 0;
      const counted = (write: Promise<void>) => write.finally(() => (answered += 1));
      voters.forEach((as, v) => {
        const story = stories[round % stories.length]!;
        const vote = (v + round) % 2 ? 'he' : 'she';
        writes.push(
          counted(
            as('POST', `/stories/${story}/vote`, { vote })
              .then((res) => {
                if (res.status === 200) ackedVotes.set(`${v}:${story}`, { voter: v, story, vote });
              })
              .catch(() => undefined),
          ),
        );
        const content = `Round ${round}, voter ${v}`;
        writes.push(
          counted(
            as('POST', `/stories/${story}/comments`, { content })
              .then((res) => {
                if (res.status === 201) ackedComments.push({ story, content });
              })
              .catch(() => undefined),
          ),
        );
      });
      // Killed while the writes are in flight: after the first answer in the first round, after
      // more of the 32 in each later one.
      const killAfter = 1 + round * 6;
      await vi.waitFor(
        () => {
          if (answered < killAfter) throw new Error(`${answered} of ${killAfter} answered`);
        },
        { timeout: 20_000, interval: 1 },
      );
      await kill();
      await Promise.all(writes);
    }

    await start();
    for (const { voter, story, vote } of ackedVotes.values()) {
      const mine = await voters[voter]!('GET', `/stories/${story}/vote`);
      expect(mine.body, `voter ${voter} on ${story}`).toMatchObject({ vote });
    }
    for (const story of stories) {
      const list = await browser()('GET', `/stories/${story}/comments?limit=100`);
      const contents = (list.body as unknown as Array<{ content: string }>).map((c) => c.content);
      for (const acked of ackedComments.filter((c) => c.story === story))
        expect(contents).toContain(acked.content);
    }
    const cards = await Promise.all(stories.map((id) => browser()('GET', `/stories/${id}`)));
    await kill();

    const log = createSqliteEventStore({
      file: join(dataDir, 'whosright.sqlite'),
      catalog: domainEventCatalog,
    });
    const fromLog = new Map<string, { he: number; she: number }>();
    for await (const event of log.readAll())
      if (event.type === 'StoryVoteCast') {
        const { storyId, vote } = event.data as { storyId: string; vote: 'he' | 'she' };
        const tally = fromLog.get(storyId) ?? { he: 0, she: 0 };
        tally[vote] += 1;
        fromLog.set(storyId, tally);
      }
    await log.close();
    stories.forEach((id, i) => {
      const tally = fromLog.get(id) ?? { he: 0, she: 0 };
      expect(cards[i]!.body, id).toMatchObject({ heVotes: tally.he, sheVotes: tally.she });
    });
    // The rounds did write: the kills were mid-load, not after it.
    expect(ackedVotes.size + ackedComments.length).toBeGreaterThan(0);
  }, 180_000);
});
