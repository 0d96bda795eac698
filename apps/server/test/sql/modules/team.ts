import * as team from '../../../src/modules/team/repo.ts';
import { ex, noSql, repo } from '../examples.ts';
import { ANY_ACCOUNT, MERCHANT, NOW, OWN } from '../values.ts';

const MEMBER = 70;
const MEMBERSHIP = 4;

export default [
  repo('modules/team/repo.ts', team, {
    permissionsOf: noSql("a membership's permissions from their stored text"),
    activeMembership: [ex('a member', (db) => team.activeMembership(db, MERCHANT, MEMBER))],
    membershipOfMember: [ex('a member', (db) => team.membershipOfMember(db, MEMBER))],
    membersOf: [ex('a merchant', (db) => team.membersOf(db, MERCHANT))],
    memberOf: [ex('by id', (db) => team.memberOf(db, MERCHANT, MEMBERSHIP))],
    countMembers: [ex('a merchant', (db) => team.countMembers(db, MERCHANT))],
    insertMember: [
      ex(
        'an invitation',
        (db) =>
          team.insertMember(
            db,
            { merchantId: MERCHANT, memberId: MEMBER, email: 'packer@example.com', permissions: ['buy'] },
            { hash: 'c0ffee', expiresAt: NOW + 86_400_000 },
            NOW,
          ),
        [[{ id: MEMBERSHIP }]],
      ),
    ],
    setPermissions: [ex('two permissions', (db) => team.setPermissions(db, MEMBERSHIP, ['buy', 'void']))],
    setInvitation: [ex('sent again', (db) => team.setInvitation(db, MEMBERSHIP, 'c0ffee', NOW + 86_400_000, NOW))],
    consumeInvitation: [ex('accepted', (db) => team.consumeInvitation(db, 'c0ffee', NOW))],
    deleteMember: [ex('by id', (db) => team.deleteMember(db, MEMBERSHIP))],
    changeRows: [
      ex('any account', (db) => team.changeRows(db, ANY_ACCOUNT, MERCHANT, 20, 0)),
      ex('own', (db) => team.changeRows(db, OWN, MERCHANT, 20, 20)),
    ],
    countChanges: [
      ex('any account', (db) => team.countChanges(db, ANY_ACCOUNT, MERCHANT)),
      ex('own', (db) => team.countChanges(db, OWN, MERCHANT)),
    ],
  }),
];
