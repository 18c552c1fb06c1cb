/**
 * Arranging state through the real API (Playwright `request` contexts): accounts, stories,
 * moderation. Each account gets its own context, so its session cookie stays its own.
 */
import { randomUUID } from 'node:crypto';
import { expect, request, type APIRequestContext } from '@playwright/test';
import { FLAGGED_COMMENT_MIN_DOWNVOTES } from '@whosright/contracts/shared/constants';

import { verificationLinkFor } from './outbox.ts';
import { ADMIN_EMAIL } from './start-server.ts';

export const PASSWORD = 'correct horse battery';

export function baseURL(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not run');
  return url;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@e2e.test`;
}

export interface Account {
  email: string;
  api: APIRequestContext;
}

/** A new API context from the given client address (see fixtures.ts). */
export function apiContext(clientIp: string): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { 'X-Forwarded-For': clientIp },
  });
}

/** Registers (or, for an existing account, signs in) through `api`; its cookie jar is signed in. */
export async function signUp(
  api: APIRequestContext,
  { email = uniqueEmail('member'), firstName = 'Alex', lastName = 'Morgan' } = {},
): Promise<string> {
  const registered = await api.post('/api/auth/register', {
    data: { email, password: PASSWORD, firstName, lastName },
  });
  if (registered.status() === 409) {
    const login = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(login.status(), await login.text()).toBe(200);
    return email;
  }
  expect(registered.status(), await registered.text()).toBe(201);
  return email;
}

export async function newAccount(clientIp: string, options: Parameters<typeof signUp>[1] = {}) {
  const api = await apiContext(clientIp);
  const email = await signUp(api, options);
  return { email, api } satisfies Account;
}

/**
 * The e2e admin (ADMIN_EMAILS), registered on first use. A listed address is an admin once it
 * is verified, so the first use opens the mailed link as its owner would.
 */
export async function adminAccount(clientIp: string) {
  const account = await newAccount(clientIp, {
    email: ADMIN_EMAIL,
    firstName: 'Ada',
    lastName: 'Admin',
  });
  const me = await account.api.get('/api/auth/user');
  if (((await me.json()) as { role: string }).role !== 'admin') {
    const token = new URL(await verificationLinkFor(ADMIN_EMAIL)).searchParams.get('token');
    const verified = await account.api.post('/api/auth/verify-email', { data: { token } });
    expect(verified.status(), await verified.text()).toBe(200);
  }
  return account;
}

export interface CreatedStory {
  id: string;
  content: string;
  category: string;
}

export async function submitStory(
  api: APIRequestContext,
  content: string,
  category = 'household',
): Promise<CreatedStory> {
  const response = await api.post('/api/stories', { data: { content, category } });
  expect(response.status(), await response.text()).toBe(201);
  const story = (await response.json()) as CreatedStory;
  return { id: story.id, content, category };
}

export async function moderate(admin: APIRequestContext, storyId: string, status = 'approved') {
  const response = await admin.patch(`/api/admin/stories/${storyId}`, { data: { status } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Submits as `author` and approves as the admin: a story everyone can see, by them. */
export async function approvedStoryBy(
  author: APIRequestContext,
  clientIp: string,
  content: string,
  category = 'household',
): Promise<CreatedStory> {
  const admin = await adminAccount(clientIp);
  try {
    const story = await submitStory(author, content, category);
    await moderate(admin.api, story.id);
    return story;
  } finally {
    await admin.api.dispose();
  }
}

/** Submits as a fresh author and approves as the admin: a story everyone can see. */
export async function approvedStory(
  clientIp: string,
  content = `A story ${randomUUID().slice(0, 8)}: we argued about whose turn it was to do the dishes.`,
  category = 'household',
): Promise<CreatedStory> {
  const author = await newAccount(clientIp);
  try {
    return await approvedStoryBy(author.api, clientIp, content, category);
  } finally {
    await author.api.dispose();
  }
}

/** Posts a comment as `api`'s account; returns its id. */
export async function postComment(
  api: APIRequestContext,
  storyId: string,
  content: string,
): Promise<string> {
  const response = await api.post(`/api/stories/${storyId}/comments`, { data: { content } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Enough fresh accounts downvote the comment to put it on the admin's flagged list. */
export async function flagComment(clientIp: string, commentId: string) {
  for (let i = 0; i < FLAGGED_COMMENT_MIN_DOWNVOTES; i += 1) {
    const voter = await newAccount(clientIp);
    const down = await voter.api.post(`/api/comments/${commentId}/vote`, {
      data: { vote: 'down' },
    });
    expect(down.status(), await down.text()).toBe(200);
    await voter.api.dispose();
  }
}

/** The admin bans `member`, giving `reason`. */
export async function ban(admin: APIRequestContext, member: Account, reason: string) {
  const { id } = (await (await member.api.get('/api/auth/user')).json()) as { id: string };
  const banned = await admin.patch(`/api/admin/users/${id}/ban`, { data: { reason } });
  expect(banned.status(), await banned.text()).toBe(200);
}
