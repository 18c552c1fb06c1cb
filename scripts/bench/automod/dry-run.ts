import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { AutomodRuleBody } from '@whosright/contracts/automod/dto';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { newId } from '@whosright/contracts/shared/ids';
import type { StreamAppend } from '@whosright/eventstore/port';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import { createSqliteEventStore } from '@whosright/eventstore/sqlite/sqlite-event-store';
import { seededRandom } from '@whosright/projections/testing/sample-log';
import { SQLITE_FILE } from '../../../services/api/src/app/stores';
import { waitForMailTo, withLink } from '../../../services/api/src/platform/mail/outbox-reader';
import { register } from '../api/accounts';
import { freePort, startNode, stop, waitFor } from '../api/processes';
import { API_ENTRY } from '../api/settings';

const ADMIN = 'bench-automod-admin@example.com';
const DAY_MS = 86_400_000;
/** Streams per append while the log is written. */
const APPEND_BATCH = 500;
/** A story for every this many events; the rest are comments. */
const EVENTS_PER_STORY = 50;
/** Pause between two health probes, so the probing is not itself the load. */
const PROBE_GAP_MS = 5;

const WORDS = (
  'he she never always dishes money late again why honestly right wrong scam scammer ' +
  'weekend mother car keys phone listens annoying twice garden holiday bins turn ' +
  'cheap watches garage friends dinner rent bills laundry promise forgot'
).split(' ');

/** About a thousand characters of comment, from a seeded draw of everyday words. */
function textOf(random: () => number): string {
  let text = '';
  while (text.length < 990) text += `${WORDS[Math.floor(random() * WORDS.length)]!} `;
  return `${text.slice(0, 990).trim()}.`;
}

/**
 * Writes `events` events a dry run reads into DATA_DIR's log, as if written over the last 29
 * days: approved stories and, on them, comments of about a thousand characters.
 */
async function writeTexts(dataDir: string, events: number): Promise<void> {
  const database = openSqliteDatabase(join(dataDir, SQLITE_FILE));
  const log = createSqliteEventStore({ database, catalog: domainEventCatalog });
  const random = seededRandom(11);
  const authorId = newId('user');
  const step = (29 * DAY_MS) / events;
  let written = 0;
  const at = () => new Date(Date.now() - 29 * DAY_MS + step * written++).toISOString();
  const event = (type: string, data: Record<string, unknown>) => ({
    type,
    data,
    metadata: { actorId: authorId, correlationId: 'bench-automod', recordedAt: at() },
  });
  const stories: { id: string; content: string }[] = [];
  let batch: StreamAppend[] = [
    {
      stream: `user-${authorId}`,
      expected: 'no_stream',
      events: [
        event('UserRegistered', {
          userId: authorId,
          email: 'bench-author@example.com',
          firstName: 'Bench',
          lastName: null,
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$bench$bench',
          role: 'user',
          profileImageUrl: null,
        }),
      ],
    },
  ];
  const flush = async () => {
    await log.appendAll!(batch);
    batch = [];
  };
  // The member's registration is the one event a dry run does not read.
  while (written <= events) {
    if (stories.length === 0 || random() < 1 / EVENTS_PER_STORY) {
      const storyId = newId('story');
      const content = textOf(random);
      stories.push({ id: storyId, content });
      batch.push({
        stream: `story-${storyId}`,
        expected: 'no_stream',
        events: [
          event('StorySubmitted', { storyId, authorId, content, category: 'household' }),
          event('StoryModerated', {
            storyId,
            moderatorId: authorId,
            from: 'pending',
            to: 'approved',
            reason: null,
          }),
        ],
      });
    } else {
      const story = stories[Math.floor(random() * stories.length)]!;
      const commentId = newId('comment');
      batch.push({
        stream: `comment-${commentId}`,
        expected: 'no_stream',
        events: [
          event('CommentPosted', {
            commentId,
            storyId: story.id,
            authorId,
            content: textOf(random),
            story: { category: 'household', content: story.content },
          }),
        ],
      });
    }
    if (batch.length >= APPEND_BATCH) await flush();
  }
  if (batch.length) await flush();
  await log.close();
  database.close();
}

function serverEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    ADMIN_EMAILS: ADMIN,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    TRUST_PROXY: 'loopback',
    WRITE_LIMITS: '0',
    SESSION_SECRET: 'bench-session-secret-bench-session-secret',
  };
}

/** An admin's session cookie: registered, then verified by the link the outbox holds. */
async function adminCookie(base: string, dataDir: string): Promise<string> {
  const { cookie } = await register(base, ADMIN, '10.9.0.1');
  const mail = await waitForMailTo(dataDir, ADMIN, {
    matching: withLink('mode=verify'),
    timeoutMs: 30_000,
  });
  const token = new URL(mail.links.find((link) => link.includes('mode=verify'))!).searchParams.get(
    'token',
  );
  const verified = await fetch(`${base}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.0.1' },
    body: JSON.stringify({ token }),
  });
  if (!verified.ok) throw new Error(`verify-email: ${verified.status}`);
  return cookie;
}

/** Milliseconds each `/api/health` took, asked one after the other until `done` says so. */
async function probeHealth(base: string, done: (probes: number) => boolean): Promise<number[]> {
  const took: number[] = [];
  while (!done(took.length)) {
    const started = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    took.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, PROBE_GAP_MS));
  }
  return took;
}

const jobSchema = z.object({
  id: z.string(),
  status: z.string(),
  progress: z.object({ read: z.number(), total: z.number() }),
});

export interface DryRunReport {
  /** Health probes' milliseconds with nothing else running, and during the dry run. */
  idle: number[];
  during: number[];
  /** The dry run's own time, from the request to its last poll, and what it read. */
  dryRunMs: number;
  read: number;
  /** Seconds to write the log, and for the server to catch its read models up on it. */
  writeSeconds: number;
  catchUpSeconds: number;
}

/**
 * A real embedded server (its own process) over a log of `events` texts of the last month:
 * `/api/health` probed while idle, then while an admin's dry run of `rule` reads them all.
 */
export async function measureDryRun(events: number, rule: AutomodRuleBody): Promise<DryRunReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wr-bench-automod-'));
  let started = performance.now();
  await writeTexts(dataDir, events);
  const writeSeconds = (performance.now() - started) / 1000;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startNode(API_ENTRY, [], serverEnv(port, dataDir));
  try {
    started = performance.now();
    await waitFor(async () => (await fetch(`${base}/api/ready`)).ok, 900_000, 'readiness');
    const catchUpSeconds = (performance.now() - started) / 1000;
    const cookie = await adminCookie(base, dataDir);
    const idle = await probeHealth(base, (probes) => probes >= 400);

    started = performance.now();
    const headers = { 'content-type': 'application/json', cookie, 'x-forwarded-for': '10.9.0.1' };
    const res = await fetch(`${base}/api/admin/automod-rules/dry-run`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ rule }),
    });
    if (res.status !== 202) throw new Error(`dry run: ${res.status} ${await res.text()}`);
    let job = jobSchema.parse(await res.json());
    const poll = async () => {
      while (job.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const polled = await fetch(`${base}/api/admin/automod-rules/dry-run/${job.id}`, {
          headers,
        });
        job = jobSchema.parse(await polled.json());
      }
    };
    const [during] = await Promise.all([probeHealth(base, () => job.status !== 'running'), poll()]);
    if (job.status !== 'done') throw new Error(`the dry run ended ${job.status}`);
    return {
      idle,
      during,
      dryRunMs: performance.now() - started,
      read: job.progress.read,
      writeSeconds,
      catchUpSeconds,
    };
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
