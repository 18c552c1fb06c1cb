import { z } from 'zod';

/**
 * Ids are a prefix plus a sortable random id: 10 characters of millisecond time and 16 of
 * randomness in Crockford base32 (a ULID), so ids sort by creation time and never collide.
 */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ULID_PATTERN = '[0-9A-HJKMNP-TV-Z]{26}';

export const ID_PREFIXES = {
  story: 'story_',
  comment: 'comment_',
  user: 'user_',
  rule: 'rule_',
} as const;
export type IdKind = keyof typeof ID_PREFIXES;

let lastTime = -1;
let lastRandom: number[] = [];

function randomDigits(count: number): number[] {
  const bytes = new Uint8Array(count);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b & 31);
}

/** Increments the random part so ids made in the same millisecond still sort in order. */
function incremented(digits: number[]): number[] {
  const next = [...digits];
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i]! < 31) {
      next[i]! += 1;
      return next;
    }
    next[i] = 0;
  }
  return randomDigits(16);
}

export function ulid(time: number = Date.now()): string {
  let now = Math.floor(time);
  if (now <= lastTime) {
    lastRandom = incremented(lastRandom);
    now = lastTime;
  } else {
    lastTime = now;
    lastRandom = randomDigits(16);
  }
  return ulidOf(now, lastRandom);
}

/** The ULID of a millisecond and 16 digits (0 to 31) of randomness given, e.g. derived from a key. */
export function ulidOf(time: number, digits: readonly number[]): string {
  let encodedTime = '';
  let t = Math.floor(time);
  for (let i = 0; i < 10; i++) {
    encodedTime = CROCKFORD[t % 32] + encodedTime;
    t = Math.floor(t / 32);
  }
  return encodedTime + digits.map((d) => CROCKFORD[d & 31]).join('');
}

export function newId(kind: IdKind, now?: number): string {
  return ID_PREFIXES[kind] + ulid(now);
}

function idSchema(kind: IdKind) {
  return z
    .string()
    .regex(new RegExp(`^${ID_PREFIXES[kind]}${ULID_PATTERN}$`), `Invalid ${kind} id`);
}

export const storyIdSchema = idSchema('story');
export const commentIdSchema = idSchema('comment');
export const userIdSchema = idSchema('user');
export const ruleIdSchema = idSchema('rule');
