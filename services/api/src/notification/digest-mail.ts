import type { Notification } from '@whosright/contracts/notification/dto';
import { storyLabelLine } from '@whosright/contracts/notification/story-label-line';
import type { Mail } from '#api/platform/mail/mailer';

export interface DigestMailInput {
  to: string;
  /** Newest first, as the bell lists them. */
  items: readonly Notification[];
  publicUrl: string;
  /** The member's unsubscribe token (unsubscribe-token.ts). */
  token: string;
}

const when = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Where a notification opens, as in the bell: a rejected or hidden story's note is on the profile. */
function linkOf(item: Notification, publicUrl: string): string {
  return item.kind === 'rejected' || item.kind === 'hidden'
    ? `${publicUrl}/profile`
    : `${publicUrl}/story/${encodeURIComponent(item.storyId)}`;
}

/**
 * The daily digest: each unread notification with its story's label, its link and time (UTC),
 * plain text and simple HTML, and the one-click unsubscribe of RFC 8058 (a POST to the header's
 * URL) beside the link to a page that asks before it turns the digest off (mail scanners open
 * links).
 */
export function composeDigestMail({ to, items, publicUrl, token }: DigestMailInput): Mail {
  const count = items.length;
  const subject = `Who's Right: ${count} new notification${count === 1 ? '' : 's'}`;
  const query = `token=${encodeURIComponent(token)}`;
  const landing = `${publicUrl}/unsubscribe?${query}`;
  const settings = `${publicUrl}/profile#notification-settings`;
  const lines = items.map((item) => {
    const label = storyLabelLine(item);
    const about = label === null ? '' : `  “${label}”\n`;
    return `- ${item.text}\n${about}  ${when.format(new Date(item.at))} UTC: ${linkOf(item, publicUrl)}`;
  });
  const text = [
    `Here is what happened since your last digest:`,
    '',
    ...lines,
    '',
    `Change what you hear: ${settings}`,
    `Stop the daily digest: ${landing}`,
  ].join('\n');
  const rows = items
    .map((item) => {
      const label = storyLabelLine(item);
      return (
        `<li><a href="${escapeHtml(linkOf(item, publicUrl))}">${escapeHtml(item.text)}</a>` +
        (label === null ? '' : `<br>“${escapeHtml(label)}”`) +
        ` <small>${escapeHtml(when.format(new Date(item.at)))} UTC</small></li>`
      );
    })
    .join('');
  const html =
    `<p>Here is what happened since your last digest:</p><ul>${rows}</ul>` +
    `<p><a href="${escapeHtml(settings)}">Change what you hear</a> · ` +
    `<a href="${escapeHtml(landing)}">Stop the daily digest</a></p>`;
  return {
    to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${publicUrl}/api/notifications/unsubscribe?${query}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
