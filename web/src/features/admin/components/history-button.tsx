import { HistoryIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';

/** Opens the story history side sheet. */
export function HistoryButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick} aria-label="Story history">
      <HistoryIcon aria-hidden="true" />
      History
    </Button>
  );
}
