import { replacingModules, webProject } from './vitest.config.ts';

// In a shared module graph the real module may already be loaded by an earlier file, and the
// replacement would not take: each of these specs gets a graph of its own.
export default webProject({ name: 'web-modules-replaced', include: replacingModules });
