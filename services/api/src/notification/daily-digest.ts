import type { Notification } from '@whosright/contracts/notification/dto';
import type { UserDoc } from '@whosright/projections/users/docs';
import type { UserQueries } from '@whosright/projections/users/queries';
import { SYSTEM_ACTOR } from '#api/platform/actor';
import type { Mail } from '#api/platform/mail/mailer';
import type { CommandBus } from '#api/write/command-bus';
import { commandOn } from '#api/write/commands';
import { notificationReadsStream } from './decider';
import { notificationDigest } from './digest-decider';
import { composeDigestMail } from './digest-mail';

export interface DailyDigestDeps {
  bus: CommandBus;
  users: Pick<UserQueries, 'withDigest'>;
  /** The member's unread notifications of the kinds they hear, newest first. */
  unread: (userId: string) => Promise<Notification[]>;
  unsubscribeToken: (userId: string) => Promise<string>;
  /** Hands the mail on (the job queue); `jobId` keeps a repeat from mailing it twice. */
  send: (mail: Mail, jobId: string) => Promise<void>;
  publicUrl: string;
}

/** How many members are read at a time. */
const PAGE = 100;

/**
 * Once a day: each member with the digest on, a verified address and no ban, who has unread
 * notifications no earlier digest told, gets one mail listing them. What was told is recorded
 * first (`NotificationDigestSent` through the bus); only the run whose record is appended mails.
 */
export class DailyDigest {
  constructor(private readonly deps: DailyDigestDeps) {}

  /** Answers how many mails were handed on. */
  async run(): Promise<number> {
    let sent = 0;
    let cursor: string | undefined;
    do {
      const page = await this.deps.users.withDigest({ cursor, limit: PAGE });
      for (const member of page.items) if (await this.sendTo(member)) sent += 1;
      cursor = page.next;
    } while (cursor);
    return sent;
  }

  private async sendTo(member: UserDoc): Promise<boolean> {
    // An unproven address may be someone else's; a banned member is not invited back daily.
    if (member.digest !== true || !member.emailVerified || member.status !== 'active') return false;
    const userId = member._id;
    const stream = notificationReadsStream(userId);
    const { upTo: told } = await this.deps.bus.state(stream, notificationDigest);
    const unread = await this.deps.unread(userId);
    const fresh = unread.filter((item) => told === null || item.at > told);
    const newest = fresh[0];
    if (!newest) return false;
    const upTo = fresh.reduce((latest, item) => (item.at > latest ? item.at : latest), newest.at);
    const [recorded] = await this.deps.bus.runAll(
      [
        commandOn(stream, notificationDigest, {
          type: 'RecordDigest',
          userId,
          upTo,
          count: fresh.length,
        }),
      ],
      SYSTEM_ACTOR,
    );
    if (!recorded?.events.length) return false;
    const mail = composeDigestMail({
      to: member.email,
      items: fresh,
      publicUrl: this.deps.publicUrl,
      token: await this.deps.unsubscribeToken(userId),
    });
    await this.deps.send(mail, `digest-${userId}-${upTo}`);
    return true;
  }
}
