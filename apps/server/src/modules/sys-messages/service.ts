/** System messages as staff write them: the audience checked before anything is stored. */

import { invalidFields } from '../../core/errors.ts';
import type { Db } from '../../db/index.ts';
import { existingUserIds } from '../users/index.ts';
import { insertSysMessage, type SysMessageInput } from './repo.ts';

/** Writes a system message (and, for picked users, who they are) in one transaction. */
export async function createSysMessage(db: Db, authorId: number, input: SysMessageInput) {
  const recipients = input.audience === 'users' ? [...new Set(input.userIds)] : [];
  if (input.audience === 'users') {
    if (recipients.length === 0) throw invalidFields({ userIds: 'fieldRequired' });
    if ((await existingUserIds(db, recipients)).length !== recipients.length)
      throw invalidFields({ userIds: 'userNotFound' });
  }
  return db.transaction().execute((trx) => insertSysMessage(trx, authorId, input, recipients));
}
