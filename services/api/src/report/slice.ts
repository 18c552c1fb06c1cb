import { defineSlice } from '#api/wiring/slice';
import { reportRejections } from './rejections';
import { ReportService } from './report-service';
import { reportRoutes } from './routes';

/** Reports: members report a story or comment; admins act on them or dismiss them. */
export const reportSlice = defineSlice({
  name: 'report',
  rejections: { report: reportRejections },
  edge: ({ bus, queries, limit }, ports) => ({
    routes(router) {
      const reports = new ReportService({
        bus,
        stories: queries.stories,
        comments: queries.comments,
        users: queries.users,
        reports: queries.reports,
        actions: {
          hideStory: (storyId, admin, reason, actor, alongside) =>
            ports.stories.moderate(storyId, admin, 'hidden', reason, actor, alongside),
          deleteComment: (commentId, admin, reason, actor, alongside) =>
            ports.comments.delete(commentId, admin, true, actor, reason, alongside),
          banUser: (userId, reason, actor, alongside) =>
            ports.accounts.rolesAndBans.change(userId, 'ban', actor, reason, alongside),
        },
        approvedStory: (storyId) => ports.stories.approvedGuard(storyId),
      });
      reportRoutes(router, reports, limit, (reporterId) => ports.bell.nudge(reporterId));
    },
  }),
});
