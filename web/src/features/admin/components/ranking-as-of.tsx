/**
 * The Poor Performing ranking as it stood: pick a moment, the server builds the ranking then (a
 * progress bar while it runs), and it shows beside today's (stacked on phones).
 */
import { HistoryIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { AdminStory } from '@whosright/contracts/story/dto';

import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useReplay } from '#web/features/admin/api/get-replay.ts';
import { useStartReplay } from '#web/features/admin/api/start-replay.ts';
import { formatMoment, localInputValue } from '#web/features/admin/components/format-moment.ts';
import { ReplayOutcome } from '#web/features/admin/components/replay-outcome.tsx';
import { errorMessage } from '#web/lib/error-message.ts';

export function RankingAsOf({
  today,
  replayId,
  onReplay,
}: {
  /** Today's poor performers (the list below, its first page). */
  today: readonly AdminStory[];
  replayId: string | null;
  onReplay: (id: string) => void;
}) {
  const inputId = useId();
  const [value, setValue] = useState('');
  const start = useStartReplay();
  const replay = useReplay(replayId);
  const job = replay.data;
  const moment = job ? formatMoment(job.until) : '';

  function submit(event: FormEvent) {
    event.preventDefault();
    const time = new Date(value);
    if (Number.isNaN(time.getTime())) return;
    start.mutate(time.toISOString(), { onSuccess: (started) => onReplay(started.id) });
  }

  const failed = start.error ?? replay.error;
  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="grid gap-4 rounded-xl border p-4 sm:p-5"
    >
      <div className="grid gap-1">
        <h2 id={`${inputId}-title`} className="font-display text-lg font-bold">
          Ranking as it stood
        </h2>
        <p className="text-sm text-muted-foreground">
          Rebuilds the ranking from the event log as of a past moment; nothing live changes.
        </p>
      </div>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
          <Label htmlFor={inputId}>As of</Label>
          <Input
            id={inputId}
            type="datetime-local"
            required
            value={value}
            max={localInputValue(new Date())}
            onChange={(event) => setValue(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={!value || start.isPending}>
          <HistoryIcon aria-hidden="true" />
          Build ranking
        </Button>
      </form>
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(failed, 'The ranking could not be built. Please try again.')}
        </p>
      ) : null}
      <ReplayOutcome job={job} moment={moment} today={today} />
    </section>
  );
}
