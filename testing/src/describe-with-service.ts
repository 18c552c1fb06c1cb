import { describe, it } from 'vitest';
import { missingServiceLine, serviceVerdict, type LocalService } from './local-service';

/**
 * Registers `suite` where `service` is installed. Where it is missing, the suite is one skipped
 * test whose title, also printed as one line, says how to install it; under CI=true it is one
 * failing test with that line instead. A file is never left without tests: Vitest fails such a
 * file ("No test suite found"), which would turn a missing program into a red run.
 *
 *   describeWithService(redisServer, 'BullMQ job queue', () => {
 *     let redis: RedisServer;
 *     beforeAll(async () => { redis = await startRedisServer(); });
 *     afterAll(() => redis.stop());
 *     ...
 *   });
 */
export function describeWithService(service: LocalService, name: string, suite: () => void): void {
  const verdict = serviceVerdict(service);
  if (verdict === 'run') {
    describe(name, suite);
    return;
  }
  const line = missingServiceLine(service, name);
  if (verdict === 'fail') {
    describe(name, () => {
      it(`when ${service.name} is missing under CI it fails the suite`, () => {
        throw new Error(`${line}; CI must install it`);
      });
    });
    return;
  }
  console.log(line);
  describe(name, () => {
    it.skip(`needs ${service.name}: ${service.install}`, () => {});
  });
}
