import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { Toaster } from '#web/components/ui/toaster.tsx';
import { setNavigator } from '#web/lib/navigation.ts';
import { handleUnauthorized, requireLogin } from '#web/lib/unauthorized.ts';

describe('unauthorized handling', () => {
  const navigate = vi.fn<(to: string) => void>();

  beforeEach(() => {
    vi.useFakeTimers();
    navigate.mockReset();
    setNavigator(navigate);
    render(<Toaster />);
  });

  it('when an action is unauthorized it toasts and goes to /login 500 ms after the toast is drawn', () => {
    act(() => handleUnauthorized());
    expect(screen.getByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(navigate).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('when several calls fail at once it toasts and redirects only once', () => {
    act(() => {
      handleUnauthorized();
      handleUnauthorized();
    });
    act(() => {
      vi.advanceTimersToNextFrame();
      vi.advanceTimersByTime(500);
    });
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('when external sign-in is the target the browser loads /api/login', () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    act(() => handleUnauthorized('/api/login'));
    act(() => {
      vi.advanceTimersToNextFrame();
      vi.advanceTimersByTime(500);
    });
    expect(assign).toHaveBeenCalledWith('/api/login');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('when a visitor needs an account it toasts Login Required with the given text', () => {
    act(() => requireLogin('Please log in to submit your story.'));
    expect(screen.getByText('Login Required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to submit your story.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersToNextFrame();
      vi.advanceTimersByTime(500);
    });
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});
