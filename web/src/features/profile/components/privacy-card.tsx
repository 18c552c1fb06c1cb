/** "Privacy" on /profile: whether readers see the side you voted beside your comments. */
import type { CurrentUser } from '@whosright/contracts/account/dto';

import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { useUpdatePreferences } from '#web/features/profile/api/update-preferences.ts';

export function PrivacyCard({
  user,
  onUpdated,
}: {
  user: CurrentUser;
  onUpdated: (user: CurrentUser) => void;
}) {
  const updating = useUpdatePreferences(onUpdated);
  // While the change is on its way the switch shows it; a failure puts it back.
  const shown = updating.isPending
    ? updating.variables.showSideOnComments
    : user.showSideOnComments;
  return (
    <section
      aria-labelledby="privacy-title"
      className="grid gap-4 rounded-2xl border bg-card p-5 sm:p-6"
    >
      <h2 id="privacy-title" className="font-display text-lg font-semibold">
        Privacy
      </h2>
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor="show-side-on-comments">Show my side on my comments</Label>
          <p id="show-side-on-comments-description" className="text-sm text-muted-foreground">
            On a story you voted on, readers see He or She beside your name. Your vote still counts
            either way.
          </p>
        </div>
        <Switch
          id="show-side-on-comments"
          checked={shown}
          disabled={updating.isPending}
          onCheckedChange={(checked) => updating.mutate({ showSideOnComments: checked })}
          aria-describedby="show-side-on-comments-description"
        />
      </div>
    </section>
  );
}
