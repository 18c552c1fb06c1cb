import { describe, expect, it } from 'vitest';
import { connectionBudget } from './connection-budget';

describe('connectionBudget', () => {
  it('when the limit is small it keeps a reserve for the files the process opens itself', () => {
    const budget = connectionBudget(256);
    expect(budget.connections).toBe(192);
    expect(budget.liveStreams).toBe(96);
    expect(budget.perClient).toBe(8);
  });

  it('when the limit is the usual 1,024 live streams get at most half the connections', () => {
    const budget = connectionBudget(1024);
    expect(budget.connections).toBe(896);
    expect(budget.liveStreams).toBe(448);
    expect(budget.perClient).toBe(28);
  });

  it('when the limit is large one client still gets only a small share', () => {
    const budget = connectionBudget(1_048_576);
    expect(budget.connections).toBe(1_048_576 - 1024);
    expect(budget.perClient).toBe(64);
  });

  it("whatever the limit, live streams and one client's share stay below the connections", () => {
    for (const descriptors of [1, 64, 100, 300, 5_000, 65_536]) {
      const budget = connectionBudget(descriptors);
      expect(budget.liveStreams).toBeLessThan(budget.connections);
      expect(budget.perClient).toBeLessThanOrEqual(budget.connections);
    }
  });
});
