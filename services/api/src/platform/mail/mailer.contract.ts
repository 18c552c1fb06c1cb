import { expect, it } from 'vitest';
import type { Mailer } from './mailer';
import { addressesOf, parseEml } from './parse-eml';

type MaybePromise<T> = T | Promise<T>;

export const FROM = "Who's Right <no-reply@whosright.test>";

/**
 * The one contract every Mailer adapter passes. `setup` answers a fresh mailer (sending as FROM)
 * and a way to read back the raw RFC 5322 messages it handed over, oldest first.
 */
export function mailerContract(
  setup: () => MaybePromise<{ mailer: Mailer; delivered: () => MaybePromise<string[]> }>,
): void {
  it('when a plain text mail is sent it arrives with From, To, Subject and body intact', async () => {
    const { mailer, delivered } = await setup();
    await mailer.send({
      to: 'ann@example.com',
      subject: 'Reset your password',
      text: 'Open https://whosright.test/reset?token=abc\nThanks',
    });
    const [raw] = await delivered();
    const mail = parseEml(raw!);
    expect(addressesOf(mail.headers.get('to'))).toEqual(['ann@example.com']);
    // The apostrophe makes the display name a quoted string (RFC 5322 section 3.2.4).
    expect(mail.headers.get('from')).toBe('"Who\'s Right" <no-reply@whosright.test>');
    expect(mail.headers.get('subject')).toBe('Reset your password');
    expect(mail.headers.get('message-id')).toMatch(/^<.+@.+>$/);
    expect(mail.text).toBe('Open https://whosright.test/reset?token=abc\nThanks');
    expect(mail.html).toBeUndefined();
  });

  it('when a mail carries extra headers (List-Unsubscribe) they arrive as given', async () => {
    const { mailer, delivered } = await setup();
    const url = 'https://whosright.test/api/notifications/unsubscribe?token=a.b.c';
    await mailer.send({
      to: 'ann@example.com',
      subject: "Who's Right: 2 new notifications",
      text: 'Your digest',
      headers: {
        'List-Unsubscribe': `<${url}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    const [raw] = await delivered();
    const mail = parseEml(raw!);
    expect(mail.headers.get('list-unsubscribe')).toBe(`<${url}>`);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('when a mail has an html part and non-ASCII text both parts and the subject survive', async () => {
    const { mailer, delivered } = await setup();
    const text = `Zoë says: you're right ✓ ${'long line '.repeat(20)}`;
    await mailer.send({
      to: 'zoe@example.com',
      subject: 'Café verdict ✓',
      text,
      html: '<p>Zoë says: <b>you’re right</b></p>',
    });
    const [raw] = await delivered();
    const mail = parseEml(raw!);
    expect(mail.headers.get('subject')).toBe('Café verdict ✓');
    expect(mail.text).toBe(text);
    expect(mail.html).toBe('<p>Zoë says: <b>you’re right</b></p>');
  });
}
