import type { Doc } from '../store/port';

export const SESSIONS = 'sessions';
export const SESSION_DOCS = 'sessions';

/** A live session; an ended one has no document. */
export interface SessionDoc extends Doc {
  _id: string;
  userId: string;
  startedAt: string;
  expiresAt: string;
  /** The user's credentials version at sign-in; null for sessions from before it was recorded. */
  credentialsVersion: number | null;
}
