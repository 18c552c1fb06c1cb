import type { Router } from 'express';
import {
  markNotificationsReadRequestSchema,
  notificationsQuerySchema,
  type NotificationsPage,
} from '@whosright/contracts/notification/dto';
import { actorOf, currentUser } from '#api/platform/auth';
import { rateLimitPolicies } from '#api/platform/rate-limit/policies';
import type { WriteLimit } from '#api/platform/rate-limit/write-limits';
import type { NotificationService } from './notification-service';

/**
 * A member's notifications, banned members' too (reading one's news is not writing): a page, and
 * marking some or all read, which answers the first page as it now is (and `onRead` tells the
 * member's other open bells).
 */
export function notificationRoutes(
  router: Router,
  notifications: NotificationService,
  limit: WriteLimit,
  onRead: (userId: string) => void = () => undefined,
): void {
  router.get('/notifications', async (req, res) => {
    const user = currentUser(req);
    const query = notificationsQuerySchema.parse(req.query);
    const page: NotificationsPage = await notifications.page(user._id, query);
    res.json(page);
  });

  router.post(
    '/notifications/read',
    limit(rateLimitPolicies.notificationReadsPerAccount),
    async (req, res) => {
      const user = currentUser(req);
      const body = markNotificationsReadRequestSchema.parse(req.body);
      const page: NotificationsPage = await notifications.markRead(user._id, body, actorOf(req));
      onRead(user._id);
      res.json(page);
    },
  );
}
