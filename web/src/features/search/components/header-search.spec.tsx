import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { HeaderSearch } from '#web/features/search/components/header-search.tsx';
import { renderWithApp } from '#web/testing/test-utils.tsx';

describe('header search', () => {
  it('when a reader types words in the header field and presses Enter it opens the results for them', async () => {
    const user = userEvent.setup();
    const { router } = renderWithApp(<HeaderSearch crowded={false} />);
    await user.type(
      await screen.findByRole('searchbox', { name: 'Search stories' }),
      ' dishes {Enter}',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toEqual({ q: 'dishes' });
  });

  it('when the phone icon is shown it links to the search page', async () => {
    renderWithApp(<HeaderSearch crowded={false} />);
    expect(await screen.findByRole('link', { name: 'Search stories' })).toHaveAttribute(
      'href',
      '/search',
    );
  });

  it('when / is pressed outside a field and no field shows it opens the search page', async () => {
    const user = userEvent.setup();
    const { router } = renderWithApp(<HeaderSearch crowded={false} />);
    await screen.findByRole('searchbox', { name: 'Search stories' });
    // jsdom lays nothing out, so the header's field counts as hidden, as on a phone.
    await user.keyboard('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
  });

  it('when / is typed in a field it is only typed', async () => {
    const user = userEvent.setup();
    const { router } = renderWithApp(
      <>
        <HeaderSearch crowded={false} />
        <textarea aria-label="Comment" />
      </>,
    );
    await user.type(await screen.findByRole('textbox', { name: 'Comment' }), 'a/b');
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('a/b');
    expect(router.state.location.pathname).toBe('/');
  });
});
