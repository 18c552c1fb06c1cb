import { describe, expect, it } from 'vitest';
import { createInProcessStoryChanges } from '#api/platform/live/in-process-story-changes';
import { LiveHub } from './live-hub';
import type { LiveStream } from '#api/platform/live/live-stream';

function recorder() {
  const sent: Array<[string, string]> = [];
  let ended = false;
  const stream = {
    sendFrame: (event: string, frame: string) => sent.push([event, frame]),
    end: () => (ended = true),
  } as unknown as LiveStream;
  return { stream, sent, ended: () => ended };
}

/** Lets every promise the hub started settle (it has no timers: one turn of the loop does). */
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A hub whose tally reads are counted. */
function countingHub() {
  const changes = createInProcessStoryChanges();
  let reads = 0;
  const hub = new LiveHub({
    changes,
    readTally: () => Promise.resolve(String(++reads)),
    onError: () => undefined,
  });
  return { changes, hub, reads: () => reads };
}

describe('LiveHub', () => {
  it('when votes arrive in a burst it reads once, then once more, and sends to every stream of the story', async () => {
    const changes = createInProcessStoryChanges();
    let reads = 0;
    let release!: () => void;
    const hub = new LiveHub({
      changes,
      readTally: async (id) => {
        reads += 1;
        if (reads === 1) await new Promise<void>((resolve) => (release = resolve));
        return JSON.stringify({ id, reads });
      },
      onError: () => undefined,
    });
    const a = recorder();
    const b = recorder();
    const other = recorder();
    hub.add('s1', a.stream);
    hub.add('s1', b.stream);
    hub.add('s2', other.stream);
    for (let i = 0; i < 5; i++) changes.publish({ storyId: 's1', kind: 'votes' });
    release();
    await tick();
    expect(reads).toBe(2);
    expect(a.sent.map(([event]) => event)).toEqual(['tally', 'tally']);
    expect(b.sent).toEqual(a.sent);
    expect(other.sent).toEqual([]);
  });

  it('when nobody follows a story its changes are not read', async () => {
    const { changes, hub, reads } = countingHub();
    const a = recorder();
    const leave = hub.add('s1', a.stream);
    leave();
    expect(hub.size).toBe(0);
    changes.publish({ storyId: 's1', kind: 'votes' });
    changes.publish({ storyId: 's1', kind: 'comments' });
    await tick();
    expect(reads()).toBe(0);
    expect(a.sent).toEqual([]);
  });

  it("when a story's timeline or moderation log changes the screen's card is not read again", async () => {
    const { changes, hub, reads } = countingHub();
    const a = recorder();
    hub.add('s1', a.stream);
    changes.publish({ storyId: 's1', kind: 'timeline' });
    changes.publish({ storyId: 's1', kind: 'moderation' });
    await tick();
    expect(reads()).toBe(0);
    expect(a.sent).toEqual([]);
  });

  it('when closed it ends every stream and hears nothing more', () => {
    const changes = createInProcessStoryChanges();
    const hub = new LiveHub({
      changes,
      readTally: () => Promise.resolve('{}'),
      onError: () => undefined,
    });
    const a = recorder();
    hub.add('s1', a.stream);
    hub.close();
    expect(a.ended()).toBe(true);
    expect(hub.accepting).toBe(false);
    changes.publish({ storyId: 's1', kind: 'comments' });
    expect(a.sent).toEqual([]);
  });
});
