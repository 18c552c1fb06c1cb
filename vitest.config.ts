import { defineConfig } from 'vitest/config';

// One run for every package; each workspace keeps its own vitest.config.ts
// (environment, setup files) and its tests next to the code.
export default defineConfig({
  test: {
    projects: [
      'scripts',
      'contracts',
      'services/sqlite',
      'services/eventstore',
      'projections',
      'services/api',
      'web',
    ],
    // Vitest's default on a 2-core machine is one worker; most files wait on I/O (servers,
    // child processes, timers), so two keep both cores busy.
    maxWorkers: 2,
  },
});
