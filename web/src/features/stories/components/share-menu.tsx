/**
 * The Share button. The menu behind it (Radix Dropdown Menu with its positioning and focus
 * libraries, about a fifth of the story screen's script) is not part of the first load: it loads
 * once the page is idle, or earlier when the reader points at or focuses the button, and opens as
 * soon as it has loaded if they clicked first.
 */
import { lazy, Suspense, useState } from 'react';

import { usePreloadWhenIdle } from '#web/hooks/use-preload-when-idle.ts';
import { ShareButton } from '#web/features/stories/components/share-button.tsx';

const loadDropdown = () => import('#web/features/stories/components/share-menu-dropdown.tsx');
const ShareMenuDropdown = lazy(() =>
  loadDropdown().then((m) => ({ default: m.ShareMenuDropdown })),
);

export function ShareMenu({ storyId, content }: { storyId: string; content: string }) {
  const [clicked, setClicked] = useState(false);
  usePreloadWhenIdle(loadDropdown);
  const preload = () => void loadDropdown();
  const placeholder = (
    <ShareButton
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setClicked(true)}
    />
  );
  if (!clicked) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ShareMenuDropdown storyId={storyId} content={content} defaultOpen />
    </Suspense>
  );
}
