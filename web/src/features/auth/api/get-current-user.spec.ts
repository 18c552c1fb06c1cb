import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '@whosright/contracts/shared/constants';

import { getCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { stubFetch, unauthorizedResponse } from '#web/testing/test-utils.tsx';

const hint = () => document.cookie.includes(`${SIGNED_IN_HINT_COOKIE}=`);

describe('who is signed in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when there is no signed-in hint it answers nobody without asking the server', async () => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0`;
    const api = stubFetch({});
    vi.stubGlobal('fetch', api.fetch);
    expect(await getCurrentUser()).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('when the server answers 401 it answers nobody and forgets the stale hint', async () => {
    expect(hint()).toBe(true);
    const api = stubFetch({ 'GET /api/auth/user': unauthorizedResponse });
    vi.stubGlobal('fetch', api.fetch);
    expect(await getCurrentUser()).toBeNull();
    expect(api.calls).toHaveLength(1);
    expect(hint()).toBe(false);
  });
});
