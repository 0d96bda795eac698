/** The face of modules/users: what other rooms may use of it (docs/architecture.md). */

export type { AccountFilter } from './accounts-repo.ts';
export {
  accountNames,
  accountsPage,
  claimInvitationCode,
  isSellerInScope,
  listAccounts,
  newInvitationCode,
  setAccountStatus,
} from './accounts-repo.ts';
export type { ProxyMarkup } from './customer-accounts-repo.ts';
export {
  allSellers,
  countOwnedAccounts,
  customersAllottedService,
  isSellerOrProxy,
  markAccountDeleted,
  markupOfProxy,
  ownedCustomers,
  pickAccounts,
  proxyInScope,
  proxyOfCustomer,
  roleHolders,
  sellerPage,
  setAccountFields,
  setProxyMarkup,
  warehouseAccounts,
} from './customer-accounts-repo.ts';
export { declareModule } from './module.ts';
export {
  existingUserIds,
  findUserById,
  findUserByUsername,
  grantRole,
  insertUser,
  isMemberAccount,
  loadAuthUser,
  MEMBER_KIND,
  newAccountRow,
  setPasswordHash,
  setProfile,
  setUserRoles,
} from './repo.ts';
export { userRoutes } from './routes.ts';
export { seed } from './seed.ts';
