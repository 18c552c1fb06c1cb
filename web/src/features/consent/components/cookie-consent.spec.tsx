import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { CookieConsentProvider } from '#web/features/consent/components/cookie-consent.tsx';
import { analytics } from '#web/lib/analytics.ts';
import { renderWithApp } from '#web/testing/test-utils.tsx';

function storedPreferences() {
  return JSON.parse(window.localStorage.getItem('cookie-preferences') ?? 'null') as unknown;
}

async function renderBanner() {
  const view = renderWithApp(<CookieConsentProvider>{null}</CookieConsentProvider>);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  return view;
}

describe('cookie consent', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it('when nothing is stored the banner appears after 1 s', async () => {
    // Only the fake clock moves here, so "999 ms" means exactly that.
    vi.useFakeTimers();
    await renderBanner();
    expect(screen.queryByRole('region', { name: 'Cookies, your call' })).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999);
    });
    expect(screen.queryByRole('region', { name: 'Cookies, your call' })).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    // Its code loaded while the second ran; the banner mounts as that import settles.
    await act(() => import('#web/features/consent/components/cookie-banner.tsx'));
    const banner = screen.getByRole('region', { name: 'Cookies, your call' });
    expect(within(banner).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    for (const name of ['Preferences', 'Reject All', 'Accept All']) {
      expect(within(banner).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('when Accept All is chosen it stores both keys, grants consent and closes the banner', async () => {
    const setConsent = vi.spyOn(analytics, 'setConsent');
    await renderBanner();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(window.localStorage.getItem('cookie-consent')).toBe('true');
    expect(storedPreferences()).toEqual({ necessary: true, analytics: true, advertising: true });
    expect(setConsent).toHaveBeenLastCalledWith({
      necessary: true,
      analytics: true,
      advertising: true,
    });
    expect(screen.queryByRole('region', { name: 'Cookies, your call' })).not.toBeInTheDocument();
  });

  it('when Reject All is chosen analytics and advertising are stored as false', async () => {
    await renderBanner();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Reject All' }));
    expect(window.localStorage.getItem('cookie-consent')).toBe('true');
    expect(storedPreferences()).toEqual({ necessary: true, analytics: false, advertising: false });
  });

  it('when preferences are saved the chosen toggles are stored, Necessary locked on', async () => {
    await renderBanner();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Preferences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie Preferences' });
    const necessary = within(dialog).getByRole('switch', { name: /Necessary/ });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();
    await user.click(within(dialog).getByRole('switch', { name: /Analytics/ }));
    expect(within(dialog).getByRole('switch', { name: /Advertising/ })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save Preferences' }));
    expect(storedPreferences()).toEqual({ necessary: true, analytics: true, advertising: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cookies, your call' })).not.toBeInTheDocument();
  });

  it('when consent is stored it is re-applied on load and the banner never shows', async () => {
    window.localStorage.setItem('cookie-consent', 'true');
    window.localStorage.setItem(
      'cookie-preferences',
      JSON.stringify({ necessary: true, analytics: true, advertising: false }),
    );
    const setConsent = vi.spyOn(analytics, 'setConsent');
    await renderBanner();
    expect(setConsent).toHaveBeenCalledWith({
      necessary: true,
      analytics: true,
      advertising: false,
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(screen.queryByRole('region', { name: 'Cookies, your call' })).not.toBeInTheDocument();
  });

  it('when the stored preferences are unreadable it asks again', async () => {
    window.localStorage.setItem('cookie-consent', 'true');
    window.localStorage.setItem('cookie-preferences', '{broken');
    await renderBanner();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByRole('region', { name: 'Cookies, your call' })).toBeInTheDocument();
  });
});
