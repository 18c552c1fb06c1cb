import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { ensureSessionSecret } from './session-secret';

describe('ensureSessionSecret', () => {
  it('when no secret is configured it generates one into DATA_DIR once and reuses it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wr-secret-'));
    const first = ensureSessionSecret(loadConfig({ DATA_DIR: dataDir }));
    const second = ensureSessionSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    const file = join(dataDir, 'session-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.sessionSecret);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('when SESSION_SECRET is set it uses it and writes nothing', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wr-secret-'));
    const secret = 's'.repeat(40);
    expect(
      ensureSessionSecret(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret })).sessionSecret,
    ).toBe(secret);
    expect(() => statSync(join(dataDir, 'session-secret'))).toThrow();
  });
});
