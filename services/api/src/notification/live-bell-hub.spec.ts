import { describe, expect, it } from 'vitest';
import { createInProcessStoryChanges } from '#api/platform/live/in-process-story-changes';
import type { LiveStream } from '#api/platform/live/live-stream';
import { LiveBellHub } from './live-bell-hub';

function recorder() {
  const sent: number[] = [];
  let ended = false;
  const stream = {
    sendFrame: (_event: string, frame: string) =>
      sent.push((JSON.parse(frame.split('data: ')[1]!) as { unread: number }).unread),
    end: () => (ended = true),
  } as unknown as LiveStream;
  return { stream, sent, ended: () => ended };
}

/** Lets every promise the hub started settle (it has no timers: one turn of the loop does). */
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A hub over members' counts the test sets; the first count after `hold()` waits for `release`. */
function setup(
  watched: Record<string, string[]>,
  authors: Record<string, string> = {},
  reported: Record<string, string[]> = {},
) {
  const changes = createInProcessStoryChanges();
  const unread: Record<string, number> = {};
  const counts: string[] = [];
  let gate: Promise<void> | undefined;
  let release = () => undefined as void;
  const hub = new LiveBellHub({
    changes,
    count: async (userId) => {
      counts.push(userId);
      if (gate) await gate;
      return {
        unread: unread[userId] ?? 0,
        storyIds: watched[userId] ?? [],
        reportedStoryIds: reported[userId] ?? [],
      };
    },
    authorOf: (storyId) => Promise.resolve(authors[storyId]),
    onError: () => undefined,
  });
  const hold = () => {
    gate = new Promise<void>((resolve) => (release = resolve));
  };
  const open = () => {
    gate = undefined;
    release();
  };
  return { changes, hub, unread, counts, hold, open };
}

describe('LiveBellHub', () => {
  it('when votes on a watched story come in a burst it counts the member twice, and sends only a changed count', async () => {
    const { changes, hub, unread, counts, hold, open } = setup({ u1: ['s1'] });
    const a = recorder();
    hub.add('u1', a.stream);
    await tick();
    expect(a.sent).toEqual([0]);
    hold();
    for (let i = 0; i < 5; i++) changes.publish({ storyId: 's1', kind: 'votes' });
    for (let i = 0; i < 5; i++) changes.publish({ storyId: 's1', kind: 'timeline' });
    unread.u1 = 1;
    open();
    await tick();
    expect(counts).toEqual(['u1', 'u1', 'u1']);
    expect(a.sent).toEqual([0, 1]);
    changes.publish({ storyId: 's1', kind: 'comments' });
    await tick();
    expect(counts).toHaveLength(4);
    expect(a.sent).toEqual([0, 1]);
  });

  it("when a member opens a second bell it gets the count at once, and a story they don't watch tells them nothing", async () => {
    const { changes, hub, unread, counts } = setup({ u1: ['s1'], u2: ['s2'] });
    unread.u1 = 3;
    const a = recorder();
    const b = recorder();
    const other = recorder();
    hub.add('u1', a.stream);
    await tick();
    hub.add('u1', b.stream);
    hub.add('u2', other.stream);
    await tick();
    expect(a.sent).toEqual([3]);
    expect(b.sent).toEqual([3]);
    expect(other.sent).toEqual([0]);
    counts.length = 0;
    changes.publish({ storyId: 's2', kind: 'votes' });
    await tick();
    expect(counts).toEqual(['u2']);
  });

  it('when a moderator decides on a story nobody watches its author, if their bell is open, is counted', async () => {
    const { changes, hub, unread, counts } = setup({ u1: [] }, { s9: 'u1', s8: 'u7' });
    const a = recorder();
    hub.add('u1', a.stream);
    await tick();
    unread.u1 = 1;
    changes.publish({ storyId: 's8', kind: 'moderation' });
    changes.publish({ storyId: 's9', kind: 'votes' });
    await tick();
    expect(counts).toEqual(['u1']);
    changes.publish({ storyId: 's9', kind: 'moderation' });
    await tick();
    expect(a.sent).toEqual([0, 1]);
  });

  it("when a member's report on a story is closed they are counted, and that story's votes count them not", async () => {
    const { changes, hub, unread, counts } = setup({ u1: ['s1'] }, {}, { u1: ['s5'] });
    const a = recorder();
    hub.add('u1', a.stream);
    await tick();
    counts.length = 0;
    changes.publish({ storyId: 's5', kind: 'votes' });
    changes.publish({ storyId: 's1', kind: 'reports' });
    await tick();
    expect(counts).toEqual([]);
    unread.u1 = 1;
    changes.publish({ storyId: 's5', kind: 'reports' });
    await tick();
    expect(counts).toEqual(['u1']);
    expect(a.sent).toEqual([0, 1]);
  });

  it('when a member follows or unfollows a story (a nudge) its changes count them from then on, and no more after', async () => {
    const watched: Record<string, string[]> = { u1: ['s1'] };
    const { changes, hub, unread, counts } = setup(watched);
    const a = recorder();
    hub.add('u1', a.stream);
    await tick();
    counts.length = 0;
    changes.publish({ storyId: 's7', kind: 'comments' });
    await tick();
    expect(counts).toEqual([]);

    watched.u1 = ['s1', 's7'];
    hub.nudge('u1');
    await tick();
    unread.u1 = 1;
    changes.publish({ storyId: 's7', kind: 'comments' });
    await tick();
    expect(counts).toEqual(['u1', 'u1']);
    expect(a.sent).toEqual([0, 1]);

    watched.u1 = ['s1'];
    unread.u1 = 0;
    hub.nudge('u1');
    await tick();
    changes.publish({ storyId: 's7', kind: 'timeline' });
    await tick();
    expect(counts).toEqual(['u1', 'u1', 'u1']);
    expect(a.sent).toEqual([0, 1, 0]);
  });

  it('when the last bell of a member closes their stories are no longer watched', async () => {
    const { changes, hub, counts } = setup({ u1: ['s1'] }, {}, { u1: ['s5'] });
    const a = recorder();
    const leave = hub.add('u1', a.stream);
    await tick();
    leave();
    expect(hub.size).toBe(0);
    changes.publish({ storyId: 's1', kind: 'votes' });
    changes.publish({ storyId: 's5', kind: 'reports' });
    hub.nudge('u1');
    await tick();
    expect(counts).toEqual(['u1']);
  });

  it('when closed it ends every bell and counts nothing more', async () => {
    const { changes, hub, counts } = setup({ u1: ['s1'] });
    const a = recorder();
    hub.add('u1', a.stream);
    await tick();
    hub.close();
    expect(a.ended()).toBe(true);
    expect(hub.accepting).toBe(false);
    changes.publish({ storyId: 's1', kind: 'votes' });
    await tick();
    expect(counts).toEqual(['u1']);
  });
});
