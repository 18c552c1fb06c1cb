import type { ReadModels } from '../store/port';
import { SESSIONS, SESSION_DOCS, type SessionDoc } from './docs';

/** Every read the API makes of the sessions read model. */
export class SessionQueries {
  private readonly sessions;

  constructor(models: ReadModels) {
    this.sessions = models.collection<SessionDoc>(SESSIONS, SESSION_DOCS);
  }

  /** The live session with this id, if any: one lookup per signed-in request. */
  byId(sessionId: string): Promise<SessionDoc | undefined> {
    return this.sessions.get(sessionId);
  }

  /** A page of one member's live sessions (deleting the account ends them all). */
  ofUser(userId: string, request: { cursor?: string | undefined; limit: number }) {
    return this.sessions.find(
      { userId },
      {
        sort: [['userId', 1]],
        limit: request.limit,
        ...(request.cursor ? { after: request.cursor } : {}),
      },
    );
  }
}
