import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';

import { createQueryClient } from '#web/lib/query-client.ts';
import { FakeEventSource, stubEventSource } from '#web/testing/fake-event-source.ts';
import { notificationKeys } from '#web/features/notifications/api/get-notifications.ts';
import { useLiveUnread } from '#web/features/notifications/api/use-live-unread.ts';

function setup(enabled = true) {
  stubEventSource();
  const queryClient = createQueryClient();
  queryClient.setQueryData(notificationKeys.all, {
    pages: [{ items: [], nextCursor: null, unread: 2 }],
    pageParams: [null],
  });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLiveUnread(enabled), { wrapper });
  return { invalidate, hook };
}

function hide(hidden: boolean) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(hidden ? 'hidden' : 'visible');
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('useLiveUnread', () => {
  it('when the stream opens it says so, and a count other than the cached one refetches the notifications', () => {
    const { invalidate, hook } = setup();
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe('/api/notifications/live');
    expect(hook.result.current).toBe(false);
    act(() => source.emit('open'));
    expect(hook.result.current).toBe(true);
    source.emit('unread', '{"unread":2}');
    source.emit('unread', '{"unread":"many"}');
    expect(invalidate).not.toHaveBeenCalled();
    source.emit('unread', '{"unread":3}');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: notificationKeys.all });
  });

  it('when the stream drops the bell goes back to polling, and the stream opens again later', () => {
    vi.useFakeTimers();
    const { hook } = setup();
    const first = FakeEventSource.opened[0]!;
    act(() => first.emit('open'));
    act(() => first.emit('error'));
    expect(first.closed).toBe(true);
    expect(hook.result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('when the page is hidden the stream is closed, and opened again when it comes back', () => {
    const { hook } = setup();
    const first = FakeEventSource.opened[0]!;
    act(() => first.emit('open'));
    hide(true);
    expect(first.closed).toBe(true);
    expect(hook.result.current).toBe(false);
    hide(false);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1]!.closed).toBe(false);
  });

  it('when not enabled nothing is opened, and unmounting (signing out) closes the stream', () => {
    setup(false);
    expect(FakeEventSource.opened).toHaveLength(0);
    const { hook } = setup(true);
    hook.unmount();
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
  });
});
