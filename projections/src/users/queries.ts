import { findByIds } from '../store/by-ids';
import type { Page, ReadModels } from '../store/port';
import { USERS, USER_DOCS, type UserDoc } from './docs';

/** Every read the API makes of the users read model. */
export class UserQueries {
  private readonly users;

  constructor(models: ReadModels) {
    this.users = models.collection<UserDoc>(USERS, USER_DOCS);
  }

  byId(userId: string): Promise<UserDoc | undefined> {
    return this.users.get(userId);
  }

  /** One `$in` lookup for a page's worth of users (comment authors). */
  byIds(userIds: readonly string[]): Promise<UserDoc[]> {
    return findByIds(this.users, userIds);
  }

  /**
   * Newest first, a page at a time, of every role and status or one of each: the admin's user
   * list without a search.
   */
  newestFirst(request: {
    cursor?: string | undefined;
    limit: number;
    role?: UserDoc['role'] | undefined;
    status?: UserDoc['status'] | undefined;
  }): Promise<Page<UserDoc>> {
    const filter = {
      ...(request.role ? { role: request.role } : {}),
      ...(request.status ? { status: request.status } : {}),
    };
    return this.users.find(filter, {
      sort: [['createdAt', -1]],
      limit: request.limit,
      ...(request.cursor ? { after: request.cursor } : {}),
    });
  }

  /** Oldest first, a page at a time: the members who asked for the daily digest. */
  withDigest(request: { cursor?: string | undefined; limit: number }): Promise<Page<UserDoc>> {
    return this.users.find(
      { digest: true },
      {
        sort: [['createdAt', 1]],
        limit: request.limit,
        ...(request.cursor ? { after: request.cursor } : {}),
      },
    );
  }

  /** Every account (the admin summary's Total Users). */
  count(): Promise<number> {
    return this.users.count();
  }

  /** How many admins there are: the last one cannot be demoted. */
  countAdmins(): Promise<number> {
    return this.users.count({ role: 'admin' });
  }

  /** Oldest first: the admin CLI's list. */
  async all(limit: number): Promise<UserDoc[]> {
    return (await this.users.find({}, { sort: [['createdAt', 1]], limit })).items;
  }
}
