import { spawn } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { createSupervisor, type Supervised } from './supervisor';

/** A tiny Node child running `code`. */
function node(code: string): Promise<Supervised> {
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    child.once('spawn', () =>
      resolve({
        exited,
        signal: (signal) => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        },
      }),
    );
    child.once('error', reject);
  });
}

const dies = (afterMs: number) => () => node(`setTimeout(() => process.exit(3), ${afterMs})`);
const lives = () => node('setInterval(() => {}, 1000)');
async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  await vi.waitFor(
    () => {
      if (!condition()) throw new Error('not yet');
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

describe('the scale:local supervisor', () => {
  it('when a child exits it is restarted, with a line saying so and a wait that doubles', async () => {
    const lines: string[] = [];
    const supervisor = createSupervisor({
      say: (line) => lines.push(line),
      firstDelayMs: 20,
      maxDelayMs: 80,
    });
    let starts = 0;
    await supervisor.add('api-1', () => {
      starts += 1;
      return dies(10)();
    });
    await until(() => starts >= 5);
    await supervisor.stop();
    expect(lines.filter((l) => l.startsWith('api-1 exited'))).toEqual(
      expect.arrayContaining([
        'api-1 exited (3); restarting in 20 ms',
        'api-1 exited (3); restarting in 40 ms',
        'api-1 exited (3); restarting in 80 ms',
      ]),
    );
    expect(lines.filter((l) => l === 'api-1 exited (3); restarting in 160 ms')).toEqual([]);
    expect(lines).toContain('api-1 restarted');
  });

  it('when a child stayed up long enough its next crash waits the first delay again', async () => {
    const lines: string[] = [];
    const supervisor = createSupervisor({
      say: (line) => lines.push(line),
      firstDelayMs: 20,
      stableAfterMs: 100,
    });
    await supervisor.add('worker', dies(200));
    await until(() => lines.filter((l) => l.startsWith('worker exited')).length >= 3);
    await supervisor.stop();
    expect(new Set(lines.filter((l) => l.startsWith('worker exited')))).toEqual(
      new Set(['worker exited (3); restarting in 20 ms']),
    );
  });

  it('when a restart fails it is tried again after a longer wait', async () => {
    const lines: string[] = [];
    const supervisor = createSupervisor({ say: (line) => lines.push(line), firstDelayMs: 20 });
    let starts = 0;
    await supervisor.add('projector-1', () => {
      starts += 1;
      if (starts === 1) return dies(10)();
      if (starts === 2) return Promise.reject(new Error('port 3010 in use'));
      return lives();
    });
    await until(() => lines.includes('projector-1 restarted'));
    const codes = await supervisor.stop();
    expect(lines).toEqual([
      'projector-1 exited (3); restarting in 20 ms',
      'projector-1 could not start: port 3010 in use',
      'projector-1 is started again in 40 ms',
      'projector-1 restarted',
    ]);
    expect(codes).toEqual([null]);
  });

  it('when stopped it ends every child and restarts none', async () => {
    const lines: string[] = [];
    const supervisor = createSupervisor({ say: (line) => lines.push(line), firstDelayMs: 20 });
    let starts = 0;
    const start = () => {
      starts += 1;
      return lives();
    };
    // The restart waits run on a fake clock: past them, nothing has been started again.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await supervisor.add('api-1', start);
      await supervisor.add('api-2', start);
      expect(await supervisor.stop()).toEqual([null, null]);
      await vi.advanceTimersByTimeAsync(1_000);
    } finally {
      vi.useRealTimers();
    }
    expect(starts).toBe(2);
    expect(lines).toEqual([]);
  });
});
