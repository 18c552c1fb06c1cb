import { describe, expect, it } from 'vitest';
import { roleOf } from './roles';

describe('the process role', () => {
  it('when no role is given the process runs everything (embedded mode)', () => {
    expect(roleOf([], {})).toBe('all');
  });

  it('when a scale-mode role is given with REDIS_URL it is that role', () => {
    for (const role of ['api', 'projector', 'worker'] as const)
      expect(roleOf([role], { REDIS_URL: 'redis://localhost:6379' })).toBe(role);
  });

  it('when a scale-mode role has no Redis to share state through it refuses to start', () => {
    expect(() => roleOf(['projector'], {})).toThrow(
      'The projector process shares leases, limits and jobs with the others through Redis: set REDIS_URL',
    );
  });

  it('when the role is unknown it names the choices', () => {
    expect(() => roleOf(['web'], {})).toThrow(
      'Unknown process role "web": expected one of all, api, projector, worker',
    );
    expect(() => roleOf(['api', 'extra'], { REDIS_URL: 'redis://x' })).toThrow('Unknown');
  });
});
