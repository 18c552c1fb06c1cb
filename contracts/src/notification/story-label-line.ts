import type { Notification } from './dto';

/**
 * The story's label as a line of its own under a notification's text (the bell, the digest):
 * none when the text names the story already (news of a followed story does), or when the
 * notification has no label. Zod-free: the bell on every screen reads it.
 */
export function storyLabelLine(item: Pick<Notification, 'kind' | 'storyLabel'>): string | null {
  return item.kind === 'following' ? null : item.storyLabel;
}
