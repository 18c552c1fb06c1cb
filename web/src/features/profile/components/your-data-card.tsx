/** "Your data" on /profile: download everything we hold about you, or delete it. */
import { DownloadIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';
import { useExportMyData } from '#web/features/profile/api/export-my-data.ts';
import { DeleteAccountDialog } from '#web/features/profile/components/delete-account-dialog.tsx';

export function YourDataCard() {
  const exporting = useExportMyData();
  return (
    <section
      aria-labelledby="your-data-title"
      className="grid gap-4 rounded-2xl border bg-card p-5 sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id="your-data-title" className="font-display text-lg font-semibold">
          Your data
        </h2>
        <p className="text-sm text-muted-foreground">
          Download a copy of everything Who&apos;s Right holds about you: your account, stories,
          comments, votes, reactions and sign-ins. Or delete your account for good.
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button variant="outline" onClick={() => exporting.mutate()} disabled={exporting.isPending}>
          <DownloadIcon />
          {exporting.isPending ? 'Preparing...' : 'Download my data'}
        </Button>
        <DeleteAccountDialog />
      </div>
    </section>
  );
}
