import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ShareMenu } from '#web/features/stories/components/share-menu.tsx';
import { stubIdle } from '#web/testing/idle.ts';
import { renderWithApp } from '#web/testing/test-utils.tsx';

// Records when the menu's lazily loaded module is first imported.
const loaded = vi.hoisted(() => ({ menu: false }));
vi.mock('#web/features/stories/components/share-menu-dropdown.tsx', () => {
  loaded.menu = true;
  return { ShareMenuDropdown: () => null };
});

describe('share menu', () => {
  it('when the page is idle it loads the menu, so the first tap on Share does not wait for it', async () => {
    const { runIdle } = stubIdle();
    renderWithApp(<ShareMenu storyId="story_1" content="We argued." />);
    await screen.findByRole('button', { name: 'Share' });
    expect(loaded.menu).toBe(false);
    runIdle();
    await waitFor(() => expect(loaded.menu).toBe(true));
  });
});
