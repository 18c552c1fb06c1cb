/**
 * better-sqlite3 is synchronous and the port is not: runs `work` now and hands over its result,
 * or its error, as a promise, exactly as an async function without `await` would.
 */
export function asPromise<T>(work: () => T): Promise<T> {
  return new Promise((resolve) => resolve(work()));
}
