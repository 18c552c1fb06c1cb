/**
 * The Share button. The menu behind it (Radix Dropdown Menu with its positioning and focus
 * libraries, about a fifth of the story screen's script) is not part of the first load: it loads
 * once the page is idle, or earlier when the reader points at or focuses the button, and opens as
 * soon as it has loaded if they clicked first. Opened from the keyboard (a click with no pointer,
 * `detail` 0), it opens with its first item focused, as the menu does on every later keyboard
 * opening.
 */
import { lazy, Suspense, useState, type MouseEvent } from 'react';

import { usePreloadWhenIdle } from '#web/hooks/use-preload-when-idle.ts';
import { ShareButton } from '#web/features/stories/components/share-button.tsx';

const loadDropdown = () => import('#web/features/stories/components/share-menu-dropdown.tsx');
const ShareMenuDropdown = lazy(() =>
  loadDropdown().then((m) => ({ default: m.ShareMenuDropdown })),
);

export function ShareMenu({ storyId, content }: { storyId: string; content: string }) {
  const [openedBy, setOpenedBy] = useState<'keyboard' | 'pointer' | null>(null);
  usePreloadWhenIdle(loadDropdown);
  const preload = () => void loadDropdown();
  const placeholder = (
    <ShareButton
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={(event: MouseEvent) => setOpenedBy(event.detail === 0 ? 'keyboard' : 'pointer')}
    />
  );
  if (!openedBy) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ShareMenuDropdown
        storyId={storyId}
        content={content}
        defaultOpen
        focusFirstItem={openedBy === 'keyboard'}
      />
    </Suspense>
  );
}
