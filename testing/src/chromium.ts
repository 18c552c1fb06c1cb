import { executable, type LocalService } from './local-service';

/**
 * Debian's Chromium, which the browser journeys drive (they never download a browser):
 * `CHROMIUM_PATH` when set, else `/usr/bin/chromium`.
 */
export const chromium: LocalService = {
  name: 'chromium',
  install: 'apt-get install chromium, or point CHROMIUM_PATH at a Chromium binary',
  find: () => executable(chromiumPath()),
};

/** The Chromium binary the journeys launch. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH || '/usr/bin/chromium';
}
