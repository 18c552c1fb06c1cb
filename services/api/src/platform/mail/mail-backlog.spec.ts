import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openMailBacklog } from './mail-backlog';

const fileIn = () => join(mkdtempSync(join(tmpdir(), 'wr-backlog-')), 'mail-backlog.sqlite');
const mail = (to: string) => ({ to, subject: 'Welcome', text: 'Hello' });

describe('mail backlog', () => {
  it('when two processes share the file an entry claimed by one is not handed to the other', () => {
    const file = fileIn();
    const [a, b] = [openMailBacklog(file), openMailBacklog(file)];
    a.keep(mail('ann@example.com'), 'job-1', 0);
    a.keep(mail('bob@example.com'), 'job-2', 0);
    const first = a.claimNext(60_000);
    const second = b.claimNext(60_000);
    expect(first?.jobId).toBe('job-1');
    expect(second?.jobId).toBe('job-2');
    expect(b.claimNext(60_000)).toBeUndefined();
    a.release(first!.id);
    expect(b.claimNext(60_000)?.jobId).toBe('job-1');
    a.close();
    b.close();
  });

  it('when a claim has run out the entry can be claimed again', () => {
    // Claims run out on the clock the backlog reads (Date.now), faked here.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const backlog = openMailBacklog(fileIn());
      backlog.keep(mail('ann@example.com'), 'job-1', 20);
      expect(backlog.claimNext(60_000)).toBeUndefined();
      vi.setSystemTime(Date.now() + 19);
      expect(backlog.claimNext(60_000)).toBeUndefined();
      vi.setSystemTime(Date.now() + 21);
      expect(backlog.claimNext(60_000)).toMatchObject({ jobId: 'job-1' });
      backlog.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('when a job id is kept already keeping it again is a no-op', () => {
    const backlog = openMailBacklog(fileIn());
    expect(backlog.keep(mail('ann@example.com'), 'job-1', 0)).toBeDefined();
    expect(backlog.keep(mail('ann@example.com'), 'job-1', 0)).toBeUndefined();
    expect(backlog.count()).toBe(1);
    backlog.remove(backlog.claimNext(1_000)!.id);
    expect(backlog.count()).toBe(0);
    backlog.close();
  });

  it('when the file is created only its owner may read it (bodies carry links)', () => {
    const file = fileIn();
    openMailBacklog(file).close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
