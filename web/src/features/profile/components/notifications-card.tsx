/** "Notifications" on /profile: the daily e-mail digest, and which kinds the bell tells. */
import type { NotificationKind } from '@whosright/contracts/notification/dto';

import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import {
  useNotificationSettings,
  useUpdateNotificationSettings,
} from '#web/features/profile/api/notification-settings.ts';

const KIND_LABELS: ReadonlyArray<readonly [NotificationKind, string]> = [
  ['approved', 'Story approved'],
  ['rejected', 'Story rejected'],
  ['hidden', 'Story hidden'],
  ['votes', 'Vote milestones'],
  ['flip', 'Verdict flipped'],
  ['comments', 'New comments'],
  ['commentScore', 'Comment reached +10'],
  ['replies', 'Replies to my comments'],
  ['following', 'Stories I follow'],
  ['report', 'Report reviewed'],
];

function SettingRow({
  id,
  label,
  description,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        {description ? (
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        {...(description ? { 'aria-describedby': `${id}-description` } : {})}
      />
    </div>
  );
}

export function NotificationsCard() {
  const settings = useNotificationSettings();
  const updating = useUpdateNotificationSettings();
  const current = settings.data;
  return (
    <section
      id="notification-settings"
      aria-labelledby="notifications-title"
      className="grid scroll-mt-20 gap-4 rounded-2xl border bg-card p-5 sm:p-6"
    >
      <h2 id="notifications-title" className="font-display text-lg font-semibold">
        Notifications
      </h2>
      {current ? (
        <>
          <SettingRow
            id="notify-digest"
            label="Daily e-mail digest"
            description="Once a day, an e-mail with your unread notifications, when there are new ones."
            checked={current.digest}
            onChange={(digest) => updating.mutate({ digest })}
          />
          <fieldset className="border-t pt-4">
            <legend className="sr-only">Tell me in the bell when</legend>
            <p aria-hidden="true" className="mb-3 text-sm font-medium text-muted-foreground">
              Tell me in the bell when
            </p>
            <div className="grid gap-3">
              {KIND_LABELS.map(([kind, label]) => (
                <SettingRow
                  key={kind}
                  id={`notify-${kind}`}
                  label={label}
                  checked={current.kinds[kind]}
                  onChange={(on) => updating.mutate({ kinds: { [kind]: on } })}
                />
              ))}
            </div>
          </fieldset>
        </>
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Your notification settings could not be loaded.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">Loading your notification settings…</p>
      )}
    </section>
  );
}
