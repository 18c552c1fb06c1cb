import { describe, expect, it } from 'vitest';
import { FALLBACK_DESCRIPTOR_LIMIT, readDescriptorLimit } from './descriptor-limit';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            256                  4096                 files
Max locked memory         8388608              8388608              bytes
`;

describe('readDescriptorLimit', () => {
  it('when /proc lists the limits it takes the soft "Max open files"', () => {
    expect(readDescriptorLimit(() => LIMITS)).toEqual({ limit: 256, source: 'proc' });
  });

  it('when the soft limit is unlimited it takes a large finite one', () => {
    const unlimited = LIMITS.replace('256        ', 'unlimited  ');
    expect(readDescriptorLimit(() => unlimited).limit).toBeGreaterThan(100_000);
  });

  it('when /proc cannot be read or says nothing usable it falls back to the common default', () => {
    const missing = () => {
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    };
    expect(readDescriptorLimit(missing)).toEqual({
      limit: FALLBACK_DESCRIPTOR_LIMIT,
      source: 'fallback',
    });
    expect(readDescriptorLimit(() => 'Max open files  many  many  files').source).toBe('fallback');
  });

  it('when read for this very process it finds a positive limit', () => {
    expect(readDescriptorLimit().limit).toBeGreaterThan(0);
  });
});
