import { UserRoundSearchIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';

/** Opens the member history side sheet of `name`. */
export function MemberHistoryButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick} aria-label={`History of ${name}`}>
      <UserRoundSearchIcon aria-hidden="true" />
      History
    </Button>
  );
}
