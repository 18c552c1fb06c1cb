/**
 * "/" anywhere but in a field puts the reader in the search field: the one shown on the page,
 * else the header's when it shows (wider screens), else the search page, which focuses its own.
 */
import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';

import { isTypingTarget } from '#web/hooks/use-keyboard-shortcuts.ts';

const shown = (element: HTMLElement) => element.getClientRects().length > 0;

function searchField(): HTMLInputElement | null {
  const page = document.querySelector<HTMLInputElement>('[data-search-field="page"]');
  if (page) return page;
  const header = document.querySelector<HTMLInputElement>('[data-search-field="header"]');
  return header && shown(header) ? header : null;
}

export function useSlashToSearch() {
  const navigate = useNavigate();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.defaultPrevented || event.repeat) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="menu"], [role="listbox"]')) return;
      event.preventDefault();
      const field = searchField();
      if (field) {
        field.focus();
        field.select();
      } else void navigate({ to: '/search' });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate]);
}
