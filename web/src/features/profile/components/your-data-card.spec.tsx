import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { attachmentName } from '#web/features/profile/api/export-my-data.ts';
import { YourDataCard } from '#web/features/profile/components/your-data-card.tsx';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

describe('your data card', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('when "Download my data" is pressed it saves the export under the name the server gives', async () => {
    const api = stubFetch({
      'GET /api/users/me/export': () =>
        new Response(JSON.stringify({ account: { id: 'user_1' } }), {
          headers: {
            'content-type': 'application/json',
            'content-disposition': 'attachment; filename="whos-right-data-2026-11-26.json"',
          },
        }),
    });
    vi.stubGlobal('fetch', api.fetch);
    // jsdom has no object URLs.
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    renderWithApp(<YourDataCard />, { path: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Your data', level: 2 })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(downloads).toEqual(['whos-right-data-2026-11-26.json']));
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(await screen.findByText('Your data is downloading')).toBeInTheDocument();
  });

  it('when the header has no file name it falls back to a plain one', () => {
    expect(attachmentName(null)).toBe('whos-right-data.json');
    expect(attachmentName('attachment; filename="a.json"')).toBe('a.json');
  });
});
