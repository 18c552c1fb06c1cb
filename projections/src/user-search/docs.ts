import type { Doc } from '../store/port';

export const USER_SEARCH = 'user-search';
export const SEARCH_KEYS = 'keys';

/** What a search key is taken from: the e-mail, the username, the full name or the last name. */
export type SearchField = 'email' | 'username' | 'name' | 'lastName';

/** One lower-cased key of one user (`{userId}:{field}`): the admin's prefix search is one range. */
export interface SearchKeyDoc extends Doc {
  userId: string;
  key: string;
}

export const searchKeyId = (userId: string, field: SearchField) => `${userId}:${field}`;
