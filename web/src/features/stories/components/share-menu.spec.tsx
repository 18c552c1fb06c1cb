import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { ShareMenu } from '#web/features/stories/components/share-menu.tsx';
import { renderWithApp } from '#web/testing/test-utils.tsx';

const storyId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';

describe('share menu', () => {
  it('when it is first opened from the keyboard its first item has the focus', async () => {
    const user = userEvent.setup();
    renderWithApp(<ShareMenu storyId={storyId} content="He took the last slice." />);
    await user.tab();
    expect(await screen.findByRole('button', { name: 'Share' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const copy = await screen.findByRole('menuitem', { name: 'Copy URL' });
    await waitFor(() => expect(copy).toHaveFocus());
  });

  it('when it is first opened with the pointer the menu, not an item, has the focus', async () => {
    const user = userEvent.setup();
    renderWithApp(<ShareMenu storyId={storyId} content="He took the last slice." />);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu).toHaveFocus());
  });
});
