import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Toaster } from '#web/components/ui/toaster.tsx';
import { reducer, toast } from '#web/hooks/use-toast.ts';

describe('toasts', () => {
  it('when a second toast arrives only the newest one is shown', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', description: 'Newest' });
    });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('when a toast is destructive it is marked as such', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Error', description: 'Failed', variant: 'destructive' });
    });
    expect(screen.getByText('Error').closest('[data-slot="toast"]')).toHaveAttribute(
      'data-variant',
      'destructive',
    );
  });

  it('when the region is rendered F8 is its hotkey', () => {
    render(<Toaster />);
    expect(screen.getByRole('region')).toHaveAttribute('aria-label', 'Notifications (F8)');
  });

  it('when a toast is dismissed it closes but stays in the store until removal', () => {
    const state = reducer(
      { toasts: [{ id: '1', open: true, title: 'x' }] },
      { type: 'DISMISS_TOAST', toastId: '1' },
    );
    expect(state.toasts).toEqual([{ id: '1', open: false, title: 'x' }]);
  });
});
