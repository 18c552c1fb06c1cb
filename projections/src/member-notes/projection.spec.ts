import { describe, it } from 'vitest';
import { eventLog } from '../testing/event-log';
import { projectionSpec } from '../testing/projection-spec';
import { memberNotesProjection } from './projection';

const ann = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const bob = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const admin = 'user_01JCCCCCCCCCCCCCCCCCCCCCCC';

function notes() {
  const log = eventLog();
  const note = (memberId: string, noteId: string, text: string) =>
    log.memberNotes(
      { type: 'MemberNoteAdded', data: { noteId, memberId, adminId: admin, text } },
      { actorId: admin },
    );
  return { log, note };
}

describe('member-notes projection', () => {
  const spec = projectionSpec(memberNotesProjection);

  it('when admins add notes on members it keeps each under its member, with author and time', async () => {
    const { note } = notes();
    const first = note(ann, 'n1', 'Warned about insults.');
    const second = note(ann, 'n2', 'Second warning.');
    const other = note(bob, 'n3', 'Spam account?');
    await spec
      .given([first])
      .when(second, other)
      .then({
        notes: [
          {
            _id: ann,
            notes: {
              n1: { adminId: admin, text: 'Warned about insults.', at: first.metadata.recordedAt },
              n2: { adminId: admin, text: 'Second warning.', at: second.metadata.recordedAt },
            },
          },
          {
            _id: bob,
            notes: {
              n3: { adminId: admin, text: 'Spam account?', at: other.metadata.recordedAt },
            },
          },
        ],
      });
  });

  it("when a member deletes their account every note on them goes, and others' stay", async () => {
    const { log, note } = notes();
    const onAnn = note(ann, 'n1', 'Warned about insults.');
    const onBob = note(bob, 'n2', 'Spam account?');
    const deleted = log.user(ann, { type: 'AccountDeleted', data: { via: 'password' } });
    await spec
      .given([onAnn, onBob])
      .when(deleted)
      .then({
        notes: [
          {
            _id: bob,
            notes: {
              n2: { adminId: admin, text: 'Spam account?', at: onBob.metadata.recordedAt },
            },
          },
        ],
      });
  });
});
