import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { TurnBatch } from './turn-batch';

describe('TurnBatch', () => {
  it('sends what was asked in one turn together, and what is asked later in a batch of its own', async () => {
    const sent: number[][] = [];
    const batch = new TurnBatch<number, number>((asked) => {
      sent.push(asked.map(({ item }) => item));
      for (const { item, resolve } of asked) resolve(item * 10);
    });
    const first = Promise.all([batch.ask(1), batch.ask(2), batch.ask(3)]);
    expect(sent).toEqual([]);
    expect(await first).toEqual([10, 20, 30]);
    await nextTurn();
    expect(await batch.ask(4)).toBe(40);
    expect(sent).toEqual([[1, 2, 3], [4]]);
  });

  it('when sending fails, the requests it had not answered fail with its error and the others keep their answer', async () => {
    const batch = new TurnBatch<string, string>(async (asked) => {
      asked[0]!.resolve('answered');
      await nextTurn();
      throw new Error('the server went away');
    });
    const outcomes = await Promise.allSettled([batch.ask('a'), batch.ask('b')]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 'answered' },
      { status: 'rejected', reason: new Error('the server went away') },
    ]);
  });

  it('when sending throws before it awaits anything, every request fails', async () => {
    const batch = new TurnBatch<string, string>(() => {
      throw new Error('no statement');
    });
    await expect(batch.ask('a')).rejects.toThrow('no statement');
  });
});
