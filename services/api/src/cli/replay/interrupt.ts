/** What `abortOnInterrupt` needs of `process`. */
export interface SignalSource {
  once(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  off(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

/**
 * Turns the first Ctrl-C (SIGINT) or SIGTERM into an abort, so that a rebuild stops at the next
 * event and drops its unfinished copies instead of leaving them in the file. The listeners are
 * gone after the first signal: a second one ends the process at once, as it normally would.
 */
export function abortOnInterrupt(source: SignalSource): {
  signal: AbortSignal;
  dispose: () => void;
} {
  const controller = new AbortController();
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const onSignal = () => {
    for (const name of signals) source.off(name, onSignal);
    controller.abort();
  };
  for (const name of signals) source.once(name, onSignal);
  return {
    signal: controller.signal,
    dispose: () => {
      for (const name of signals) source.off(name, onSignal);
    },
  };
}
