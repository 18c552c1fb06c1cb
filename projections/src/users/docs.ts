import type { NotificationKind } from '@whosright/contracts/notification/dto';
import type { Doc } from '../store/port';

/** The read model's name (its active-version pointer) and its one collection. */
export const USERS = 'users';
export const USER_DOCS = 'users';

export interface UserDoc extends Doc {
  _id: string;
  email: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: 'user' | 'admin';
  status: 'active' | 'banned';
  createdAt: string;
  /** Sessions started before this moment are void (bans and password resets end sessions). */
  sessionsValidFrom: string;
  /** Bumped by every password reset and ban: sessions checked against an older one are void. */
  credentialsVersion: number;
  emailVerified: boolean;
  /** The member keeps their side (He / She) off their comments; absent: never turned off. */
  hidesSideOnComments?: boolean;
  /** The daily e-mail digest is on; absent: never turned on. */
  digest?: boolean;
  /** Notification kinds the member turned off; absent: none. */
  notificationKindsOff?: NotificationKind[];
  /** The ban in effect: when, and the admin's reason; null once unbanned, absent if never banned. */
  ban?: { at: string; reason: string | null } | null;
}
