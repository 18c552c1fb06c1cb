/**
 * The live-stream case of `npm run bench -- api`: `connections` Server-Sent Events streams open
 * on one story (five per client address, under the per-client cap), then `votes` members vote
 * one after another; for each vote and each stream, the time from sending the vote until that
 * stream receives the tally that counts it. Target: p99 <= 100 ms, no vote missed.
 * BENCH_LIVE_DEBUG=1 prints each vote's first, median and last delivery and its own answer time
 * (a vote answered late means the server was held up, not the fan-out).
 */
import { Agent, get, type ClientRequest } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface LiveResult {
  connections: number;
  votes: number;
  samples: number;
  missed: number;
  p50: number;
  p99: number;
  max: number;
}

interface Stream {
  req: ClientRequest;
  /** When this stream first saw each total of votes. */
  seen: Map<number, number>;
}

const STREAMS_PER_ADDRESS = 5;
const WAIT_PER_VOTE_MS = 2_000;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function totalOf(data: string): number | undefined {
  try {
    const card = JSON.parse(data) as { heVotes?: unknown; sheVotes?: unknown };
    return typeof card.heVotes === 'number' && typeof card.sheVotes === 'number'
      ? card.heVotes + card.sheVotes
      : undefined;
  } catch {
    return undefined;
  }
}

function openStream(
  url: string,
  index: number,
  agent: Agent,
  onTally: () => void,
): Promise<Stream> {
  const address = `10.8.${Math.floor(index / STREAMS_PER_ADDRESS / 250)}.${Math.floor(index / STREAMS_PER_ADDRESS) % 250}`;
  return new Promise((resolve, reject) => {
    const seen = new Map<number, number>();
    const req = get(
      url,
      { agent, headers: { accept: 'text/event-stream', 'x-forwarded-for': address } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream ${index}: ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        res.on('error', () => undefined);
        let buffer = '';
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!frame.startsWith('event: tally\n')) continue;
            const total = totalOf(frame.slice(frame.indexOf('data: ') + 6));
            if (total !== undefined && !seen.has(total)) {
              seen.set(total, at);
              onTally();
            }
          }
        });
        resolve({ req, seen });
      },
    );
    req.on('error', reject);
  });
}

export async function measureLive(
  base: string,
  storyId: string,
  voters: ReadonlyArray<{ cookie: string }>,
  connections: number,
): Promise<LiveResult> {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const url = `${base}/api/stories/${storyId}/live`;
  let wake: (() => void) | undefined;
  const streams: Stream[] = [];
  try {
    for (let i = 0; i < connections; i += 50) {
      const batch = Array.from({ length: Math.min(50, connections - i) }, (_, j) =>
        openStream(url, i + j, agent, () => wake?.()),
      );
      streams.push(...(await Promise.all(batch)));
    }
    const before = (await (await fetch(`${base}/api/stories/${storyId}`)).json()) as {
      heVotes: number;
      sheVotes: number;
    };
    let total = before.heVotes + before.sheVotes;
    const latencies: number[] = [];
    let missed = 0;
    for (const [i, voter] of voters.entries()) {
      total += 1;
      const expected = total;
      const allSeen = () => streams.every((s) => s.seen.has(expected));
      const sent = performance.now();
      const res = await fetch(`${base}/api/stories/${storyId}/vote`, {
        method: 'POST',
        headers: { cookie: voter.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ vote: i % 2 ? 'he' : 'she' }),
      });
      if (res.status !== 200) throw new Error(`vote ${i}: ${res.status} ${await res.text()}`);
      const answered = performance.now() - sent;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, WAIT_PER_VOTE_MS);
        wake = () => {
          if (!allSeen()) return;
          clearTimeout(timer);
          resolve();
        };
        wake();
      });
      wake = undefined;
      for (const stream of streams) {
        const at = stream.seen.get(expected);
        if (at === undefined) missed += 1;
        else latencies.push(at - sent);
      }
      if (process.env.BENCH_LIVE_DEBUG) {
        const mine = streams
          .map((st) => (st.seen.get(expected) ?? Number.NaN) - sent)
          .sort((x, y) => x - y);
        console.log(
          `vote ${i}: first ${mine[0]?.toFixed(1)} median ${mine[mine.length >> 1]?.toFixed(1)} last ${mine.at(-1)?.toFixed(1)} answered ${answered.toFixed(1)}`,
        );
      }
      // A pause between votes: each is measured on its own, not queued behind the last.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    latencies.sort((a, b) => a - b);
    return {
      connections: streams.length,
      votes: voters.length,
      samples: latencies.length,
      missed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
    };
  } finally {
    for (const stream of streams) stream.req.destroy();
    agent.destroy();
  }
}
