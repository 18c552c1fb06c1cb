import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * One registry per process part (tests start several servers in one process, so never the
 * global one): Node's own metrics (memory, event-loop lag, GC) plus what the parts register.
 */
export function createMetricsRegistry(labels: { role: string }): Registry {
  const registry = new Registry();
  registry.setDefaultLabels(labels);
  collectDefaultMetrics({ register: registry });
  return registry;
}
