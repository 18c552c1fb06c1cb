import { describe, expect, it } from 'vitest';
import type { Notification } from '@whosright/contracts/notification/dto';
import { composeDigestMail } from './digest-mail';

const item = (over: Partial<Notification>): Notification => ({
  id: 'n1',
  at: '2026-11-27T09:00:00.000Z',
  kind: 'votes',
  storyId: 'story_01JAAAAAAAAAAAAAAAAAAAAAAA',
  storyLabel: null,
  text: 'Your story reached 10 votes.',
  read: false,
  ...over,
});

const publicUrl = 'https://whosright.example';

describe('the digest mail', () => {
  it('lists each notification with its text, time and link, and counts them in the subject', () => {
    const mail = composeDigestMail({
      to: 'robin@example.com',
      items: [
        item({ id: 'a' }),
        item({
          id: 'b',
          kind: 'rejected',
          at: '2026-11-26T18:30:00.000Z',
          text: 'Your story was rejected: <b>Please</b> add his side.',
        }),
      ],
      publicUrl,
      token: 'tok.en',
    });
    expect(mail.to).toBe('robin@example.com');
    expect(mail.subject).toBe("Who's Right: 2 new notifications");
    expect(mail.text).toContain(
      '- Your story reached 10 votes.\n  27 Nov 2026, 09:00 UTC: ' +
        `${publicUrl}/story/story_01JAAAAAAAAAAAAAAAAAAAAAAA`,
    );
    // A rejection's note is on the profile, as the bell opens it.
    expect(mail.text).toContain(`26 Nov 2026, 18:30 UTC: ${publicUrl}/profile`);
    expect(mail.text).toContain(`Stop the daily digest: ${publicUrl}/unsubscribe?token=tok.en`);
    expect(mail.html).toContain('&lt;b&gt;Please&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Please');
  });

  it("when a notification has its story's label the mail names the story under its text, and a follow's text names it once", () => {
    const mail = composeDigestMail({
      to: 'robin@example.com',
      items: [
        item({ id: 'a', storyLabel: 'He keeps the thermostat at 25 <degrees>…' }),
        item({
          id: 'b',
          kind: 'following',
          storyLabel: 'She alphabetises the spices',
          text: '2 new comments on “She alphabetises the spices”.',
        }),
      ],
      publicUrl,
      token: 'tok',
    });
    expect(mail.text).toContain(
      '- Your story reached 10 votes.\n  “He keeps the thermostat at 25 <degrees>…”\n  27 Nov 2026',
    );
    expect(mail.text).toContain(
      '- 2 new comments on “She alphabetises the spices”.\n  27 Nov 2026',
    );
    expect(mail.html).toContain('<br>“He keeps the thermostat at 25 &lt;degrees&gt;…”');
    expect(mail.html?.match(/She alphabetises the spices/g)).toHaveLength(1);
  });

  it('carries the one-click unsubscribe headers of RFC 8058, and says "1 new notification"', () => {
    const mail = composeDigestMail({
      to: 'robin@example.com',
      items: [item({})],
      publicUrl,
      token: 'a b',
    });
    expect(mail.subject).toBe("Who's Right: 1 new notification");
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${publicUrl}/api/notifications/unsubscribe?token=a%20b>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
