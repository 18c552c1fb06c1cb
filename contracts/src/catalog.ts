import { forgettingEvents, reservationEvents, sessionEvents, userEvents } from './account/events';
import { automodRuleEvents } from './automod/events';
import { commentEvents, commentVoteEvents } from './comment/events';
import { storyFollowEvents } from './follow/events';
import { memberNoteEvents } from './member-history/events';
import { notificationReadEvents } from './notification/events';
import { reportEvents } from './report/events';
import { savedStoryEvents } from './saved/events';
import { eventCatalog } from './shared/events';
import {
  storyActivityEvents,
  storyAddressEvents,
  storyEvents,
  storyPoolEvents,
  storyReactionEvents,
  storyVoteEvents,
} from './story/events';

/** Every event type the product writes. The event store refuses any other. */
export const domainEventCatalog = eventCatalog(
  userEvents,
  reservationEvents,
  sessionEvents,
  storyEvents,
  storyVoteEvents,
  storyActivityEvents,
  storyAddressEvents,
  storyReactionEvents,
  storyPoolEvents,
  commentEvents,
  commentVoteEvents,
  forgettingEvents,
  notificationReadEvents,
  reportEvents,
  automodRuleEvents,
  memberNoteEvents,
  savedStoryEvents,
  storyFollowEvents,
);
