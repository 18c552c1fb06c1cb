import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { abortOnInterrupt } from './interrupt';

describe('abortOnInterrupt', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'when %s arrives it aborts and stops listening, so a second one gets the default behaviour',
    (name) => {
      const process = new EventEmitter();
      const { signal } = abortOnInterrupt(process);
      expect(signal.aborted).toBe(false);
      process.emit(name);
      expect(signal.aborted).toBe(true);
      expect(process.listenerCount('SIGINT')).toBe(0);
      expect(process.listenerCount('SIGTERM')).toBe(0);
    },
  );

  it('when disposed it leaves the process as it found it', () => {
    const process = new EventEmitter();
    const { signal, dispose } = abortOnInterrupt(process);
    dispose();
    expect(process.listenerCount('SIGINT')).toBe(0);
    expect(process.listenerCount('SIGTERM')).toBe(0);
    expect(signal.aborted).toBe(false);
  });
});
