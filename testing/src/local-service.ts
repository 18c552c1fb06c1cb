import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * A program some suites need on this machine (redis-server for the Redis adapters and scale mode,
 * PostgreSQL for its adapters, Chromium for the browser journeys). Installing it is the
 * newcomer's choice: where it is missing such a suite is skipped with one line saying how to
 * install it. CI installs every one of them, so under CI=true a missing program fails the suite
 * instead of skipping it.
 */
export interface LocalService {
  /** The program, as its package calls it: `redis-server`, `chromium`. */
  name: string;
  /** The command that installs it on Debian, e.g. `apt-get install redis-server`. */
  install: string;
  /** Its binary's path (or the URL of a server given instead), or undefined where it is missing. */
  find(): string | undefined;
}

/** What a suite that needs `service` does here: run it, skip it, or fail because CI lacks it. */
export function serviceVerdict(
  service: LocalService,
  env: NodeJS.ProcessEnv = process.env,
): 'run' | 'skip' | 'fail' {
  if (service.find()) return 'run';
  return env.CI === 'true' ? 'fail' : 'skip';
}

/** The one line a suite prints when `service` is missing: what was not run and how to fix it. */
export function missingServiceLine(service: LocalService, suite: string): string {
  return `[skipped] ${suite}: ${service.name} is not installed (${service.install})`;
}

/** `path` when it names an executable file, else undefined. */
export function executable(path: string): string | undefined {
  try {
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    return undefined;
  }
}

/** The first executable `binary` in a directory of PATH, or undefined. */
export function onPath(binary: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const found = executable(join(dir, binary));
    if (found) return found;
  }
  return undefined;
}
