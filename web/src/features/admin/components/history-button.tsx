import { HistoryIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';

/** Opens the story history side sheet; named by its visible word first (label in name). */
export function HistoryButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick} aria-label="History of this story">
      <HistoryIcon aria-hidden="true" />
      History
    </Button>
  );
}
