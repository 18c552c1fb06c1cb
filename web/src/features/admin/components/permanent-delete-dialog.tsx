import { Trash2Icon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';
import { ConfirmActionDialog } from '#web/components/confirm-action-dialog.tsx';

/** An admin's permanent delete (a story or a comment): a Delete button that asks first. */
export function PermanentDeleteDialog({
  what,
  description,
  onConfirm,
}: {
  what: 'story' | 'comment';
  description: string;
  onConfirm: (reason: string | undefined) => void;
}) {
  return (
    <ConfirmActionDialog
      trigger={
        <Button size="sm" variant="ghost-destructive">
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      }
      title={`Permanently delete this ${what}?`}
      description={description}
      confirmLabel="Delete permanently"
      onConfirm={onConfirm}
    />
  );
}
