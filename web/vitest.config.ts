import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig, type TestUserConfig } from 'vitest/config';

import { specsReplacingModules } from './vitest.specs-replacing-modules.ts';

/** The specs that replace a module (`vi.mock`) run in vitest.modules-replaced.config.ts. */
export const replacingModules = specsReplacingModules(import.meta.dirname, [
  'src',
  'build-plugins',
]);

export function webProject(test: TestUserConfig) {
  return defineConfig({
    plugins: [react()],
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup-tests.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      ...test,
    },
  });
}

export default webProject({
  name: 'web',
  include: ['src/**/*.spec.{ts,tsx}', 'build-plugins/**/*.spec.ts'],
  exclude: [...configDefaults.exclude, ...replacingModules],
  // A worker's files share one module graph: importing the app once per worker instead of once
  // per file was most of this project's time. The setup file resets the module-level state
  // (toasts, limiter, sign-in state) before each test.
  isolate: false,
});
