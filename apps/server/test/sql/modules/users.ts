import { sha256 } from '../../../src/lib/tokens.ts';
import * as accounts from '../../../src/modules/users/accounts-repo.ts';
import * as codes from '../../../src/modules/users/codes-repo.ts';
import * as customerAccounts from '../../../src/modules/users/customer-accounts-repo.ts';
import * as users from '../../../src/modules/users/repo.ts';
import { ex, noSql, repo } from '../examples.ts';
import { ANY_ACCOUNT, MERCHANT, NOW, OWN, OWNED, PAGE, STAFF } from '../values.ts';

const PERSON = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  nickName: 'Ada',
  company: 'Analytical Engines',
  phone: '2125550100',
  wechat: '',
};
const NEW_USER = users.newAccountRow(
  { ...PERSON, email: 'ada@example.com' },
  { kind: 'customer', status: 1, password_hash: 'scrypt$…' },
  NOW,
);
const EVERY_FILTER = { keyword: 'ada', status: 1, ownerId: STAFF };

export default [
  repo('modules/users/repo.ts', users, {
    findUserById: [ex('by id', (db) => users.findUserById(db, MERCHANT))],
    findUserByUsername: [ex('by username', (db) => users.findUserByUsername(db, 'Ada@Example.com'))],
    isMemberAccount: [ex('by id', (db) => users.isMemberAccount(db, MERCHANT))],
    existingUserIds: [ex('two ids', (db) => users.existingUserIds(db, [MERCHANT, MERCHANT + 1]))],
    findUserByInvitationCode: [ex('a code', (db) => users.findUserByInvitationCode(db, 'A1B2C3D4E5'))],
    setPasswordHash: [ex('a user', (db) => users.setPasswordHash(db, MERCHANT, 'scrypt$…'))],
    activateWithPassword: [ex('a user', (db) => users.activateWithPassword(db, MERCHANT, 'scrypt$…', NOW))],
    setProfile: [
      ex('without an avatar', (db) => users.setProfile(db, MERCHANT, PERSON)),
      ex('with an avatar', (db) => users.setProfile(db, MERCHANT, { ...PERSON, avatar: '/files/12' })),
    ],
    loadAuthUser: [ex('a user', (db) => users.loadAuthUser(db, MERCHANT))],
    insertUser: [
      ex('a customer', (db) => users.insertUser(db, NEW_USER, ['customer']), [[{ id: MERCHANT }], 0, 0, [{ id: 5 }]]),
    ],
    setUserRoles: [
      ex('two roles', (db) => users.setUserRoles(db, MERCHANT, ['customer', 'seller']), [0, [{ id: 5 }, { id: 6 }]]),
      ex('none', (db) => users.setUserRoles(db, MERCHANT, [])),
    ],
    grantRole: [ex('a role', (db) => users.grantRole(db, MERCHANT, 'seller'), [[{ id: 6 }]])],
    newAccountRow: noSql("a new account's row from the person and the account's kind"),
  }),
  repo('modules/users/accounts-repo.ts', accounts, {
    listAccounts: [
      ex('customers, any account', (db) => accounts.listAccounts(db, ANY_ACCOUNT, 'customer', PAGE)),
      ex('customers, owned accounts, every filter', (db) =>
        accounts.listAccounts(db, OWNED, 'customer', { ...PAGE, ...EVERY_FILTER }),
      ),
      ex('staff', (db) => accounts.listAccounts(db, ANY_ACCOUNT, 'staff', PAGE)),
    ],
    accountsPage: [
      ex('first page', (db) => accounts.accountsPage(db, ANY_ACCOUNT, 'customer', {}, null, 1000)),
      ex('after an id, every filter', (db) => accounts.accountsPage(db, OWNED, 'customer', EVERY_FILTER, 900, 1000)),
    ],
    setAccountStatus: [ex('disabled', (db) => accounts.setAccountStatus(db, MERCHANT, 2))],
    isSellerInScope: [
      ex('any account', (db) => accounts.isSellerInScope(db, ANY_ACCOUNT, STAFF)),
      ex('own', (db) => accounts.isSellerInScope(db, OWN, STAFF)),
    ],
    newInvitationCode: noSql('a random invitation code'),
    claimInvitationCode: [ex('a free code', (db) => accounts.claimInvitationCode(db, STAFF, 'A1B2C3D4E5'))],
    accountNames: [ex('two accounts', (db) => accounts.accountNames(db, [MERCHANT, STAFF]))],
  }),
  repo('modules/users/codes-repo.ts', codes, {
    registrationCodesSentSince: [
      ex('an address', (db) => codes.registrationCodesSentSince(db, 'ada@example.com', NOW - 3_600_000)),
    ],
    insertRegistrationCode: [
      ex('a code', (db) => codes.insertRegistrationCode(db, 'ada@example.com', '123456', NOW + 600_000)),
    ],
    consumeRegistrationCode: [
      ex('the right code', (db) => codes.consumeRegistrationCode(db, 'ada@example.com', '123456', 5), [
        [{ id: 3, code_hash: sha256('123456') }],
        1,
        1,
      ]),
    ],
    insertPasswordReset: [ex('a token', (db) => codes.insertPasswordReset(db, MERCHANT, 'token', NOW + 3_600_000))],
    consumePasswordReset: [ex('a token', (db) => codes.consumePasswordReset(db, 'token'))],
  }),
  repo('modules/users/customer-accounts-repo.ts', customerAccounts, {
    holdsRole: [
      ex('in a query of users', (db) =>
        db.selectFrom('users').select('users.id').where(customerAccounts.holdsRole('seller')).execute(),
      ),
    ],
    matchesKeyword: [
      ex('in a query of users', (db) =>
        db.selectFrom('users').select('users.id').where(customerAccounts.matchesKeyword('Ada')).execute(),
      ),
    ],
    whereSelfOrAll: [
      ex('any account', (db) =>
        customerAccounts.whereSelfOrAll(db.selectFrom('users').select('users.id'), ANY_ACCOUNT).execute(),
      ),
      ex('owned accounts', (db) =>
        customerAccounts.whereSelfOrAll(db.selectFrom('users').select('users.id'), OWNED).execute(),
      ),
    ],
    setAccountFields: [
      ex("a customer's own fields", (db) => customerAccounts.setAccountFields(db, MERCHANT, PERSON)),
      ex('with the fields staff set', (db) =>
        customerAccounts.setAccountFields(db, MERCHANT, { ...PERSON, memberType: 1, certification: 1, ownerId: STAFF }),
      ),
    ],
    markAccountDeleted: [ex('by id', (db) => customerAccounts.markAccountDeleted(db, MERCHANT))],
    countOwnedAccounts: [ex('a seller', (db) => customerAccounts.countOwnedAccounts(db, STAFF))],
    isSellerOrProxy: [ex('by id', (db) => customerAccounts.isSellerOrProxy(db, STAFF))],
    pickAccounts: [
      ex('any account', (db) => customerAccounts.pickAccounts(db, ANY_ACCOUNT, ['customer'], undefined, 20)),
      ex('owned accounts, by keyword', (db) =>
        customerAccounts.pickAccounts(db, OWNED, ['customer', 'staff'], 'ada', 20),
      ),
      ex("deleted ones too (the staff order lists' picker)", (db) =>
        customerAccounts.pickAccounts(db, OWNED, ['customer', 'staff'], 'ada', 20, true),
      ),
    ],
    customersAllottedService: [
      ex('every channel', (db) => customerAccounts.customersAllottedService(db, ANY_ACCOUNT, 'GND')),
      ex('one channel, owned accounts', (db) => customerAccounts.customersAllottedService(db, OWNED, 'GND', 3)),
    ],
    roleHolders: [
      ex('any account', (db) => customerAccounts.roleHolders(db, ANY_ACCOUNT, 'seller').select('users.id').execute()),
      ex('the owner, by keyword', (db) =>
        customerAccounts.roleHolders(db, OWNED, 'proxy', 'ada').select('users.id').execute(),
      ),
    ],
    ownedCustomers: [
      ex('in a query of users', (db) =>
        db
          .selectFrom('users')
          .select((eb) => ['users.id', customerAccounts.ownedCustomers(eb)])
          .execute(),
      ),
    ],
    sellerPage: [
      ex('any account', (db) => customerAccounts.sellerPage(db, ANY_ACCOUNT, PAGE)),
      ex('the seller, by keyword', (db) => customerAccounts.sellerPage(db, OWNED, { ...PAGE, keyword: 'ada' })),
    ],
    allSellers: [ex('any account', (db) => customerAccounts.allSellers(db, ANY_ACCOUNT))],
    proxyInScope: [ex('any account', (db) => customerAccounts.proxyInScope(db, ANY_ACCOUNT, STAFF))],
    proxyOfCustomer: [ex('a customer', (db) => customerAccounts.proxyOfCustomer(db, MERCHANT))],
    markupOfProxy: [ex('a proxy', (db) => customerAccounts.markupOfProxy(db, STAFF))],
    setProxyMarkup: [ex('a proxy', (db) => customerAccounts.setProxyMarkup(db, STAFF, 500, 25))],
    warehouseAccounts: [
      ex('any account', (db) => customerAccounts.warehouseAccounts(db, ANY_ACCOUNT).select('users.id').execute()),
      ex('owned accounts, by keyword', (db) =>
        customerAccounts.warehouseAccounts(db, OWNED, 'ada').select('users.id').execute(),
      ),
    ],
  }),
];
