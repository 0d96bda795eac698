import type { AnswerOf } from '@parcelport/shared/contracts/contract';
import type * as contracts from '@parcelport/shared/contracts/site/index';
import type { ContactInput } from '@parcelport/shared/contracts/site/schemas';

/** The public site (issue 14): the contact form, its answers for staff, the policy texts. */
export type { ContactInput };

export type ContactRequest = AnswerOf<typeof contracts.listContacts>['list'][number];
