import { z } from 'zod';
import { NOTIFICATION_KINDS, notificationKindSchema, type NotificationKind } from './dto';

/**
 * What a member chose to hear: the daily digest by e-mail (off until turned on) and each kind in
 * the bell (all on until turned off).
 */
export const notificationSettingsSchema = z.object({
  digest: z.boolean(),
  kinds: z.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<
      NotificationKind,
      z.ZodBoolean
    >,
  ),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** How the settings are kept: only what differs from the defaults (new kinds start on). */
export interface KeptNotificationSettings {
  digest: boolean;
  kindsOff: NotificationKind[];
}

export const DEFAULT_KEPT_SETTINGS: KeptNotificationSettings = { digest: false, kindsOff: [] };

export function toNotificationSettings(kept: KeptNotificationSettings): NotificationSettings {
  const off = new Set(kept.kindsOff);
  return {
    digest: kept.digest,
    kinds: Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [kind, !off.has(kind)]),
    ) as NotificationSettings['kinds'],
  };
}

const aBoolean = (name: string) => z.boolean({ error: `${name} must be true or false` });

/** PATCH /api/users/notification-settings: any of the settings, at least one. */
export const updateNotificationSettingsRequestSchema = z
  .strictObject({
    digest: aBoolean('digest').optional(),
    kinds: z
      .strictObject(
        Object.fromEntries(
          NOTIFICATION_KINDS.map((kind) => [kind, aBoolean(`kinds.${kind}`).optional()]),
        ) as Record<NotificationKind, z.ZodOptional<z.ZodBoolean>>,
        { error: 'kinds must be an object of kinds, each true or false' },
      )
      .refine((kinds) => Object.keys(kinds).length > 0, 'kinds must name one kind or more')
      .optional(),
  })
  .refine(
    (body) => body.digest !== undefined || body.kinds !== undefined,
    'Name a setting to change: digest or kinds',
  );
export type UpdateNotificationSettingsRequest = z.infer<
  typeof updateNotificationSettingsRequestSchema
>;

export function toKeptSettings(settings: NotificationSettings): KeptNotificationSettings {
  return {
    digest: settings.digest,
    kindsOff: NOTIFICATION_KINDS.filter((kind) => !settings.kinds[kind]),
  };
}

export const keptNotificationSettingsSchema = z.object({
  digest: z.boolean(),
  kindsOff: z.array(notificationKindSchema),
});

/**
 * POST /api/notifications/unsubscribe: the token of the digest's link, in the JSON body (the
 * landing page) or the query (RFC 8058's one-click POST to the mail's header URL).
 */
export const unsubscribeRequestSchema = z.object({
  token: z
    .string({ error: 'token must be the token of the unsubscribe link' })
    .min(1, 'token must be the token of the unsubscribe link')
    .max(2_000, 'token must be the token of the unsubscribe link'),
});

/** Its answer: the digest is off. */
export const unsubscribeResponseSchema = z.object({ digest: z.literal(false) });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;
