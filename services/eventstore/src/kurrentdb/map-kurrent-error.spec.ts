import { describe, expect, it } from 'vitest';
import {
  DeadlineExceededError,
  StreamDeletedError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { EventStoreUnavailable, WrongExpectedVersion } from '../errors';
import { toEventStoreError } from './map-kurrent-error';

describe('KurrentDB error mapping', () => {
  it('when the server is unavailable or a deadline passes it gives a retryable EventStoreUnavailable', () => {
    for (const error of [
      new UnavailableError(),
      new DeadlineExceededError(),
      Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14 }),
    ]) {
      const mapped = toEventStoreError(error, { operation: 'append' });
      expect(mapped).toBeInstanceOf(EventStoreUnavailable);
      expect(mapped).toMatchObject({ retryable: true });
    }
  });

  it('when the expected version is wrong it gives WrongExpectedVersion with the actual revision', () => {
    const error = new WrongExpectedVersionError(undefined, {
      streamName: 'story-1',
      expected: 3n,
      current: 5n,
    });
    const mapped = toEventStoreError(error, {
      operation: 'append',
      stream: 'story-1',
      expected: 3n,
    });
    expect(mapped).toBeInstanceOf(WrongExpectedVersion);
    expect(mapped).toMatchObject({ stream: 'story-1', expected: 3n, actual: 5n, retryable: false });
  });

  it('when the error is of another kind it passes it through unchanged', () => {
    const error = StreamDeletedError.fromStreamName('story-1');
    expect(toEventStoreError(error, { operation: 'append' })).toBe(error);
  });
});
