import type { ReadModels } from '../store/port';
import { startingWith } from '../store/prefix';
import {
  MEMBER_STREAMS,
  memberStreamId,
  STREAMS_OF_MEMBER,
  streamOfMemberStreamId,
  type MemberStreamDoc,
} from './docs';

/** Every read the API makes of the member-streams read model. */
export class MemberStreamQueries {
  private readonly streams;

  constructor(models: ReadModels) {
    this.streams = models.collection<MemberStreamDoc>(MEMBER_STREAMS, STREAMS_OF_MEMBER);
  }

  /**
   * One page of the streams where an event names the member: the ids that start with theirs
   * (`{userId} {stream}`), a range of the primary key.
   */
  async streamsOf(
    userId: string,
    request: { cursor?: string | undefined; limit: number },
  ): Promise<{ streams: string[]; next: string | undefined }> {
    const page = await this.streams.find(
      { _id: startingWith(memberStreamId(userId, '')) },
      {
        sort: [['_id', 1]],
        limit: request.limit,
        ...(request.cursor ? { after: request.cursor } : {}),
      },
    );
    return {
      streams: page.items.map((doc) => streamOfMemberStreamId(userId, doc._id)),
      next: page.next,
    };
  }
}
