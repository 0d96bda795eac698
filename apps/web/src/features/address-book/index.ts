/** The face of address-book: what other features, the layout and the prerenderer may use of it. */
export { AddressBookTools, useDefaultSender } from './AddressBookTools';
export { AddressForm, emptyAddress } from './AddressForm';
export { partyOf } from './addressBookValues';
