/**
 * "Report" on a story or a comment (members, not on their own writing): a dialog asks why, from
 * the product's reasons, with an optional note, and sends it. Reporting again replaces the
 * member's earlier report on the same target: the dialog opens on it and says so.
 */
import { useId, useState } from 'react';
import { FlagIcon } from 'lucide-react';
import {
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  type ReportReason,
} from '@whosright/contracts/report/reasons';

import { useFileReport, useMyReport } from '#web/components/report/file-report.ts';
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
import { RadioGroup, RadioGroupItem } from '#web/components/ui/radio-group.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { cn } from '#web/lib/utils.ts';

export function ReportButton({
  targetType,
  targetId,
  className,
}: {
  targetType: 'story' | 'comment';
  targetId: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const file = useFileReport();
  const ids = { reasons: useId(), note: useId(), count: useId() };
  const what = targetType === 'story' ? 'story' : 'comment';
  const earlier = useMyReport(targetType, targetId, open).data?.report ?? null;
  // Reporting again starts from the member's open report, once, while the form is untouched.
  const [shown, setShown] = useState<typeof earlier>(null);
  if (open && earlier && earlier !== shown) {
    setShown(earlier);
    if (reason === '' && note === '') {
      setReason(earlier.reason);
      setNote(earlier.note ?? '');
    }
  }

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setReason('');
      setNote('');
      setShown(null);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="bare"
          aria-label={`Report this ${what}`}
          className={cn('h-8 gap-1 px-2.5 text-muted-foreground', className)}
        >
          <FlagIcon aria-hidden="true" />
          Report
        </Button>
      </DialogTrigger>
      <DialogContent size="md">
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason) return;
            const trimmed = note.trim();
            file.mutate(
              { targetType, targetId, reason, ...(trimmed ? { note: trimmed } : {}) },
              { onSuccess: () => onOpenChange(false) },
            );
          }}
        >
          <DialogHeader>
            <DialogTitle>Report this {what}</DialogTitle>
            <DialogDescription>
              Tell the moderators what is wrong with it. Nobody else sees your report.
            </DialogDescription>
          </DialogHeader>
          {earlier ? (
            <p role="status" className="rounded-lg bg-muted px-3 py-2 text-sm">
              You reported this {what} already. Sending again replaces your report.
            </p>
          ) : null}
          <fieldset className="grid gap-3">
            <legend id={ids.reasons} className="mb-2 text-sm font-medium">
              Reason
            </legend>
            <RadioGroup
              aria-labelledby={ids.reasons}
              value={reason}
              onValueChange={(value) => setReason(value as ReportReason)}
            >
              {REPORT_REASONS.map(({ value, label }) => (
                <div key={value} className="flex items-center gap-3">
                  <RadioGroupItem value={value} id={`${ids.reasons}-${value}`} />
                  <Label htmlFor={`${ids.reasons}-${value}`} className="cursor-pointer">
                    {label}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={ids.note}>Note (optional)</Label>
            <Textarea
              id={ids.note}
              aria-describedby={ids.count}
              value={note}
              maxLength={REPORT_NOTE_MAX}
              onChange={(event) => setNote(event.target.value)}
              className="min-h-20"
            />
            <p id={ids.count} className="text-xs text-muted-foreground tabular-nums">
              {note.length}/{REPORT_NOTE_MAX} characters
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!reason || file.isPending}>
              Send report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
