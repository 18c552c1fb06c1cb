import { accountRejections } from '#api/account/rejections';
import { automodRejections } from '#api/automod/rejections';
import { commentRejections } from '#api/comment/rejections';
import { memberNoteRejections } from '#api/member-history/rejections';
import { reportRejections } from '#api/report/rejections';
import { storyRejections } from '#api/story/rejections';
import type { RejectionsByContext } from '#api/write/command-bus';

/** Every slice's refusals, by the context its deciders name: what the command bus applies. */
export const rejections: RejectionsByContext = {
  account: accountRejections,
  automod: automodRejections,
  comment: commentRejections,
  'member-note': memberNoteRejections,
  report: reportRejections,
  story: storyRejections,
};
