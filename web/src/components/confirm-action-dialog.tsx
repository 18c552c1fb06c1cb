/**
 * A destructive or sanctioning action asks first: a member deleting their own story, an admin
 * deleting, rejecting, hiding, banning or demoting. An admin may give a reason, which the
 * moderation log keeps (and, for a story, its author sees).
 */
import { useId, useState, type ReactNode } from 'react';
import { givenReason } from '@whosright/contracts/moderation/reason';
import { MODERATION_REASON_MAX_LENGTH } from '@whosright/contracts/shared/constants';

import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';

export const SHOWN_TO_AUTHOR =
  'Kept in the moderation log and shown to the author on their profile.';

export function ConfirmActionDialog({
  trigger,
  title,
  description,
  confirmLabel,
  confirmVariant = 'destructive',
  reasonHint = 'Kept in the moderation log.',
  withReason = true,
  pending = false,
  onConfirm,
}: {
  /** The button that opens it. */
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  /** A sanction is red; an action that lets something stand (keeping a comment) is not. */
  confirmVariant?: 'destructive' | 'default';
  reasonHint?: string;
  /** Whether to offer the optional reason field (admin actions). */
  withReason?: boolean;
  /** While the same action is already under way: the confirm button waits. */
  pending?: boolean;
  onConfirm: (reason: string | undefined) => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const hintId = useId();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setReason('');
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent size="md">
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm(givenReason(reason) ?? undefined);
            onOpenChange(false);
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {withReason ? (
            <div className="grid gap-2">
              <Label htmlFor={reasonId}>Reason (optional)</Label>
              <Textarea
                id={reasonId}
                aria-describedby={hintId}
                value={reason}
                maxLength={MODERATION_REASON_MAX_LENGTH}
                onChange={(event) => setReason(event.target.value)}
                className="min-h-20"
              />
              <p id={hintId} className="text-xs text-muted-foreground">
                {reasonHint}
              </p>
            </div>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant={confirmVariant} disabled={pending}>
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
