import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DeferredToaster } from '#web/components/ui/deferred-toaster.tsx';
import { AdminOnly } from '#web/features/auth/components/admin-only.tsx';
import { setNavigator } from '#web/lib/navigation.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { currentUserFixture } from '#web/testing/current-user.ts';

// The toaster's code arrives 300 ms late, as its lazily loaded chunk does on a cold visit.
vi.mock('#web/components/ui/toaster.tsx', async (importOriginal) => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return importOriginal();
});

const NOTICE = 'Admin access required. Redirecting...';
const member = currentUserFixture({ id: 'user_01ARZ3NDEKTSV4RRFFQ69G5FAB', lastName: null });

describe('admin only', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setNavigator(null);
  });

  it('when a member opens an admin screen the notice is on screen 500 ms before the redirect', async () => {
    // Not the shared test utilities: they load the toaster up front, and here it must load late.
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json(member)));
    let shownAt: number | undefined;
    const observer = new MutationObserver(() => {
      if (shownAt === undefined && document.body.textContent?.includes(NOTICE))
        shownAt = performance.now();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    let left: { at: number; to: string; noticeShown: boolean } | undefined;
    setNavigator((to) => {
      left = { at: performance.now(), to, noticeShown: screen.queryByText(NOTICE) !== null };
    });

    render(
      <QueryClientProvider client={createQueryClient()}>
        <AdminOnly loadingText="Loading admin panel...">{() => <p>Admin Panel</p>}</AdminOnly>
        <DeferredToaster />
      </QueryClientProvider>,
    );

    await waitFor(() => expect(left).toBeDefined(), { timeout: 5000 });
    observer.disconnect();
    expect(left?.to).toBe('/');
    expect(left?.noticeShown).toBe(true);
    expect(shownAt).toBeDefined();
    expect((left?.at ?? 0) - (shownAt ?? Infinity)).toBeGreaterThanOrEqual(500);
    expect(screen.queryByText('Admin Panel')).not.toBeInTheDocument();
  });
});
