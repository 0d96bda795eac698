import * as access from '../../../src/modules/access/repo.ts';
import { ex, repo } from '../examples.ts';
import { PAGE } from '../values.ts';

export default [
  repo('modules/access/repo.ts', access, {
    listRolesWithCodes: [ex('every role', (db) => access.listRolesWithCodes(db))],
    rolesOfUsers: [ex('two users', (db) => access.rolesOfUsers(db, [7, 8]))],
    rolesByIds: [ex('two roles', (db) => access.rolesByIds(db, [1, 2]))],
    codesOfRoles: [ex('two roles', (db) => access.codesOfRoles(db, [3, 4]))],
    countActiveAdministrators: [ex('all', (db) => access.countActiveAdministrators(db))],
    assertAnAdministratorRemains: [ex('one remains', (db) => access.assertAnAdministratorRemains(db), [[{ n: 1 }]])],
    activeHoldersOf: [ex('a resource', (db) => access.activeHoldersOf(db, 'orderList'))],
    findRole: [ex('by id', (db) => access.findRole(db, 3))],
    insertRole: [ex('a new role', (db) => access.insertRole(db, { code: 'packer', name: 'Packer', description: '' }))],
    setRoleFields: [
      ex('name and description', (db) => access.setRoleFields(db, 3, { name: 'Packer', description: 'Packs' })),
    ],
    setRoleResources: [
      ex('two codes', (db) => access.setRoleResources(db, 3, ['orderList', 'orderAdd']), [0, [{ id: 1 }, { id: 2 }]]),
      ex('none', (db) => access.setRoleResources(db, 3, [])),
    ],
    countRoleHolders: [ex('a role', (db) => access.countRoleHolders(db, 3))],
    roleHolderPage: [ex('first page', (db) => access.roleHolderPage(db, 3, PAGE.page, PAGE.pageSize))],
    removeRole: [ex('a role', (db) => access.removeRole(db, 3))],
    seedAccess: [
      ex('a fresh install', (db) => access.seedAccess(db), [
        0,
        0,
        [{ id: 1, code: 'orderList' }],
        [{ id: 1, code: 'administrator' }],
      ]),
    ],
  }),
];
