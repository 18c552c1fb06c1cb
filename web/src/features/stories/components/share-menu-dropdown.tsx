import { useEffect, useRef, useState } from 'react';
import { CopyIcon, Share2Icon } from 'lucide-react';
import { EXCERPT_LENGTH } from '@whosright/contracts/shared/constants';
import { excerpt } from '@whosright/contracts/shared/excerpt';

import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { ShareButton } from '#web/features/stories/components/share-button.tsx';

export function storyUrl(id: string): string {
  return `${window.location.origin}/story/${encodeURIComponent(id)}`;
}

async function copyUrl(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link Copied', description: 'The story link is on your clipboard.' });
  } catch {
    toast({
      title: 'Copy Failed',
      description: 'Unable to copy link. Please copy manually.',
      variant: 'destructive',
    });
  }
}

async function nativeShare(url: string, text: string) {
  try {
    await navigator.share({ title: "Who's Right?", text, url });
  } catch (error) {
    // Closing the share sheet rejects with AbortError: nothing to report.
    if ((error as Error).name !== 'AbortError') console.warn('Share failed', error);
  }
}

/**
 * Radix focuses a menu's first item only when it saw the key that opened it; a menu open at mount
 * was opened by a key it never saw, so there the first item is focused here, once, after Radix
 * has focused the menu itself (a parent's effect runs after its children's).
 */
function useFocusFirstItemOnMount(wanted: boolean) {
  const content = useRef<HTMLDivElement>(null);
  // Only the opening at mount: later openings are Radix's own.
  const [atMount] = useState(wanted);
  useEffect(() => {
    if (atMount) content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [atMount]);
  return content;
}

/** Share menu: Copy URL, and the native share sheet when the browser has one. */
export function ShareMenuDropdown({
  storyId,
  content,
  defaultOpen = false,
  focusFirstItem = false,
}: {
  storyId: string;
  content: string;
  /** Open at once: the reader clicked Share before this module had loaded (share-menu.tsx). */
  defaultOpen?: boolean;
  /** That click came from the keyboard: open with the first item focused. */
  focusFirstItem?: boolean;
}) {
  const menu = useFocusFirstItemOnMount(defaultOpen && focusFirstItem);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const url = storyUrl(storyId);
  return (
    // Not modal: two actions do not need the rest of the page hidden from assistive technology.
    <DropdownMenu defaultOpen={defaultOpen} modal={false}>
      <DropdownMenuTrigger asChild>
        <ShareButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent ref={menu} align="end">
        <DropdownMenuItem onSelect={() => void copyUrl(url)}>
          <CopyIcon />
          Copy URL
        </DropdownMenuItem>
        {canShare ? (
          <DropdownMenuItem
            onSelect={() => void nativeShare(url, excerpt(content, EXCERPT_LENGTH.shareText))}
          >
            <Share2Icon />
            Share...
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
