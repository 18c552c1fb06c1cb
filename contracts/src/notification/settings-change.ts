import type { NotificationKind } from './dto';
import type { NotificationSettings, UpdateNotificationSettingsRequest } from './settings';

/**
 * The settings once `change` is made: a pure merge, zod-free, for the decider and the web's
 * optimistic switch.
 */
export function withChange(
  settings: NotificationSettings,
  change: UpdateNotificationSettingsRequest,
): NotificationSettings {
  const kinds: Partial<Record<NotificationKind, boolean>> = {};
  for (const [kind, on] of Object.entries(change.kinds ?? {}))
    if (on !== undefined) kinds[kind as NotificationKind] = on;
  return { digest: change.digest ?? settings.digest, kinds: { ...settings.kinds, ...kinds } };
}
