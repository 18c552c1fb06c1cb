/**
 * A member's delete of their own story or comment asks first (nothing is deleted by one stray
 * tap): the profile's lists and the story's comments.
 */
import { Trash2Icon } from 'lucide-react';

import { ConfirmActionDialog } from '#web/components/confirm-action-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';

export function ConfirmDeleteButton({
  what,
  label,
  pending,
  onConfirm,
}: {
  /** 'story' or 'comment', for the dialog's words. */
  what: string;
  /** The button's accessible name, e.g. "Delete story". */
  label: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmActionDialog
      trigger={
        <Button variant="ghost-muted" size="icon-sm" aria-label={label} title={label}>
          <Trash2Icon />
        </Button>
      }
      title={`Delete this ${what}?`}
      description="It will be removed for everyone. This cannot be undone."
      confirmLabel="Delete"
      withReason={false}
      pending={pending}
      onConfirm={() => onConfirm()}
    />
  );
}
