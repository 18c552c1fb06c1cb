import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, defaultDestination, type Output } from './logger';

function output(isTTY: boolean) {
  const chunks: string[] = [];
  const stream: Output = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString());
        done();
      },
    }),
    { isTTY },
  );
  return { stream, text: () => chunks.join('') };
}

describe('the log', () => {
  it('when it goes to a terminal in development each event is one readable line, not JSON', () => {
    const terminal = output(true);
    const logger = createLogger(
      { logLevel: 'info', nodeEnv: 'development' },
      defaultDestination('development', terminal.stream),
    );
    logger.info({ port: 3000 }, 'listening');
    logger.warn('projection lagging');
    const lines = terminal.text().trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/listening/);
    expect(lines[0]).toMatch(/port/);
    expect(() => JSON.parse(lines[0] ?? '') as unknown).toThrow();
  });

  it('when it goes to a pipe or runs in production it stays JSON', () => {
    expect(defaultDestination('development', output(false).stream)).toBeUndefined();
    expect(defaultDestination('production', output(true).stream)).toBeUndefined();
  });
});
