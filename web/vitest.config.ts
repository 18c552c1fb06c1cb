import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.spec.{ts,tsx}', 'build-plugins/**/*.spec.ts'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Each file in a module graph of its own, unlike the node projects: a timer a screen's module
    // left running (a prefetch, a retry) fired in the next file's test and called its stubbed
    // fetch, failing a "calls nothing" spec in a clean-clone run.
    isolate: true,
  },
});
