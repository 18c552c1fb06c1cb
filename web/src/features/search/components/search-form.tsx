import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { SearchIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import type { SearchParams } from '#web/features/search/lib/search-params.ts';

/**
 * The search page's field: a new text keeps the filters chosen. Focused when the page opens
 * without a text (the header's search, or "/", brought the reader here to type). Keyed by the
 * URL's text, so going back and forth shows the text searched.
 */
export function SearchForm({ params }: { params: SearchParams }) {
  const navigate = useNavigate();
  const [text, setText] = useState(params.q ?? '');
  // The text it opened with (the page keys the form by it): typing never moves the focus.
  const [opened] = useState(params.q);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!opened) input.current?.focus();
  }, [opened]);

  return (
    <form
      role="search"
      aria-label="Stories"
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const q = text.trim();
        void navigate({
          to: '/search',
          search: (prev: SearchParams) => {
            const { q: _old, ...filters } = prev;
            return q ? { ...filters, q } : filters;
          },
        });
      }}
    >
      <label htmlFor="search-page-field" className="sr-only">
        Search stories
      </label>
      <Input
        ref={input}
        id="search-page-field"
        data-search-field="page"
        type="search"
        enterKeyHint="search"
        maxLength={200}
        placeholder='Words, "a phrase", -leave out'
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="flex-1"
      />
      <Button type="submit" aria-label="Search">
        <SearchIcon aria-hidden="true" />
        <span className="hidden sm:inline">Search</span>
      </Button>
    </form>
  );
}
