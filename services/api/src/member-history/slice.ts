import { defineSlice } from '#api/wiring/slice';
import { MemberHistoryService } from './member-history-service';
import { memberNoteRejections } from './rejections';
import { memberHistoryRoutes } from './routes';

/** A member's record for admins: their moderation history, reports and admins' notes. */
export const memberHistorySlice = defineSlice({
  name: 'member-history',
  rejections: { 'member-note': memberNoteRejections },
  edge: ({ bus, queries, limit }) => ({
    routes(router) {
      const history = new MemberHistoryService({
        bus,
        users: queries.users,
        log: queries.moderationLog,
        reports: queries.reports,
        notes: queries.memberNotes,
      });
      memberHistoryRoutes(router, history, limit);
    },
  }),
});
