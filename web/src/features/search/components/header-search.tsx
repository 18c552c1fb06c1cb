import { useState } from 'react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { SearchIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useSlashToSearch } from '#web/features/search/hooks/use-slash-to-search.ts';
import { cn } from '#web/lib/utils.ts';

/**
 * The header's search: a field on wider screens, an icon to the search page on phones (the
 * header has no room for a field there; with an admin's two extra icons, below 768 px, and no
 * room for the icon either below 380 px). Not shown on the search page, which has its own field.
 * "/" focuses whichever field shows.
 */
export function HeaderSearch({ crowded }: { crowded: boolean }) {
  useSlashToSearch();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const onSearchPage = useRouterState({ select: (s) => s.location.pathname === '/search' });
  if (onSearchPage) return null;

  return (
    <>
      <form
        role="search"
        aria-label="Site"
        className={cn('relative hidden w-36 md:w-52', crowded ? 'md:block' : 'sm:block')}
        onSubmit={(event) => {
          event.preventDefault();
          const q = text.trim();
          setText('');
          void navigate({ to: '/search', search: q ? { q } : {} });
        }}
      >
        <label htmlFor="header-search-field" className="sr-only">
          Search stories
        </label>
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id="header-search-field"
          data-search-field="header"
          type="search"
          enterKeyHint="search"
          maxLength={200}
          placeholder="Search stories"
          aria-keyshortcuts="/"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="pl-8"
        />
      </form>
      <Button
        asChild
        variant="ghost"
        size="icon"
        round
        className={cn(crowded ? 'max-[379px]:hidden md:hidden' : 'sm:hidden')}
      >
        <Link to="/search" aria-label="Search stories" aria-keyshortcuts="/">
          <SearchIcon className="size-5" aria-hidden="true" />
        </Link>
      </Button>
    </>
  );
}
