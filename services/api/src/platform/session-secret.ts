import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';

const SECRET_FILE = 'session-secret';

/**
 * Outside production a session secret is generated once and kept in DATA_DIR, so sessions
 * survive restarts without anyone having to configure one. Production must set SESSION_SECRET.
 */
export function ensureSessionSecret(config: Config): Config & { sessionSecret: string } {
  if (config.sessionSecret) return { ...config, sessionSecret: config.sessionSecret };
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, SECRET_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return { ...config, sessionSecret: existing };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  // 'wx' fails if another process created it first; then that one wins.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return { ...config, sessionSecret: secret };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { ...config, sessionSecret: readFileSync(file, 'utf8').trim() };
  }
}
