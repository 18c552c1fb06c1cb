import { describe, expect, it } from 'vitest';
import type { StreamCommand } from '@whosright/eventstore/command/decide-many';
import { StreamQueue } from './stream-queue';

const on = (stream: string, guard = false): StreamCommand => ({
  stream,
  ...(guard ? { guard: true } : {}),
  decide: () => Promise.resolve({ events: [], revision: 'no_stream' }),
});

/** A write that stays in the queue until `finish` is called, noting when it started. */
function held(started: string[], name: string) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const work = async () => {
    started.push(name);
    await finished;
    return name;
  };
  return { work, finish };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('StreamQueue', () => {
  it('when writes append to one stream they run one after the other, in the order they came', async () => {
    const queue = new StreamQueue();
    const started: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => held(started, name));
    const runs = [a!, b!, c!].map(({ work }) => queue.run([on('reports-story-1')], work));
    await turn();
    expect(started).toEqual(['a']);
    expect(queue.busy([on('reports-story-1')])).toBe(true);
    a!.finish();
    await turn();
    expect(started).toEqual(['a', 'b']);
    b!.finish();
    c!.finish();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c']);
    expect(queue.busy([on('reports-story-1')])).toBe(false);
  });

  it('when writes append to other streams, or share only a guard stream, none waits', async () => {
    const queue = new StreamQueue();
    const started: string[] = [];
    const first = held(started, 'first');
    const other = held(started, 'other');
    const guarded = held(started, 'guarded');
    const runs = [
      queue.run([on('user-1', true), on('storyVote-1-1')], first.work),
      queue.run([on('user-2', true), on('storyVote-1-2')], other.work),
      queue.run([on('user-1', true), on('storyVote-1-3')], guarded.work),
    ];
    await turn();
    expect(started).toEqual(['first', 'other', 'guarded']);
    expect(queue.busy([on('user-1')])).toBe(false);
    for (const write of [first, other, guarded]) write.finish();
    await Promise.all(runs);
  });

  it('when a write appends to two streams it waits for the writes queued on either', async () => {
    const queue = new StreamQueue();
    const started: string[] = [];
    const [a, b, both] = ['a', 'b', 'both'].map((name) => held(started, name));
    const runs = [
      queue.run([on('x')], a!.work),
      queue.run([on('y')], b!.work),
      queue.run([on('x'), on('y')], both!.work),
    ];
    await turn();
    a!.finish();
    await turn();
    expect(started).toEqual(['a', 'b']);
    b!.finish();
    await turn();
    expect(started).toEqual(['a', 'b', 'both']);
    both!.finish();
    await Promise.all(runs);
  });

  it('when a queued write fails the next one still runs', async () => {
    const queue = new StreamQueue();
    const failing = queue.run([on('x')], () => Promise.reject(new Error('refused')));
    const next = queue.run([on('x')], () => Promise.resolve('next'));
    await expect(failing).rejects.toThrow('refused');
    expect(await next).toBe('next');
  });
});
