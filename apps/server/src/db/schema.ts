import type { Insertable, Selectable } from 'kysely';
import type { AccessTables } from './tables/access.ts';
import type { AddressBookTables } from './tables/address-book.ts';
import type { AddressesTables } from './tables/addresses.ts';
import type { ApiLogTables } from './tables/api-log.ts';
import type { AttachmentsTables } from './tables/attachments.ts';
import type { AuthTables } from './tables/auth.ts';
import type { BillsTables } from './tables/bills.ts';
import type { BrandingTables } from './tables/branding.ts';
import type { ChannelsTables } from './tables/channels.ts';
import type { ClaimsTables } from './tables/claims.ts';
import type { ConfigTables } from './tables/config.ts';
import type { FundsTables } from './tables/funds.ts';
import type { HelpTables } from './tables/help.ts';
import type { MailTables } from './tables/mail.ts';
import type { MessagesTables } from './tables/messages.ts';
import type { NoticesTables } from './tables/notices.ts';
import type { OrdersTables } from './tables/orders.ts';
import type { PickupsTables } from './tables/pickups.ts';
import type { PlatformTables } from './tables/platform.ts';
import type { PreferencesTables } from './tables/preferences.ts';
import type { PricingTables } from './tables/pricing.ts';
import type { ProductsTables } from './tables/products.ts';
import type { ReturnsTables } from './tables/returns.ts';
import type { RulesTables } from './tables/rules.ts';
import type { SavedViewsTables } from './tables/saved-views.ts';
import type { SiteTables } from './tables/site.ts';
import type { StoresTables } from './tables/stores.ts';
import type { SysMessagesTables } from './tables/sys-messages.ts';
import type { TagsTables } from './tables/tags.ts';
import type { TeamTables } from './tables/team.ts';
import type { TrackingTables } from './tables/tracking.ts';
import type { TriggersTables } from './tables/triggers.ts';
import type { UnusedLabelsTables } from './tables/unused-labels.ts';
import type { UsersTable, UsersTables } from './tables/users.ts';
import type { WebhooksTables } from './tables/webhooks.ts';
import type { WorkOrdersTables } from './tables/work-orders.ts';

export type * from './tables/access.ts';
export type * from './tables/address-book.ts';
export type * from './tables/addresses.ts';
export type * from './tables/api-log.ts';
export type * from './tables/attachments.ts';
export type * from './tables/auth.ts';
export type * from './tables/bills.ts';
export type * from './tables/branding.ts';
export type * from './tables/channels.ts';
export type * from './tables/claims.ts';
export type * from './tables/config.ts';
export type * from './tables/funds.ts';
export type * from './tables/help.ts';
export type * from './tables/mail.ts';
export type * from './tables/messages.ts';
export type * from './tables/notices.ts';
export type * from './tables/orders.ts';
export type * from './tables/pickups.ts';
export type * from './tables/platform.ts';
export type * from './tables/preferences.ts';
export type * from './tables/pricing.ts';
export type * from './tables/products.ts';
export type * from './tables/returns.ts';
export type * from './tables/rules.ts';
export type * from './tables/saved-views.ts';
export type * from './tables/site.ts';
export type * from './tables/stores.ts';
export type * from './tables/sys-messages.ts';
export type * from './tables/tags.ts';
export type * from './tables/team.ts';
export type * from './tables/tracking.ts';
export type * from './tables/triggers.ts';
export type * from './tables/unused-labels.ts';
export type * from './tables/users.ts';
export type * from './tables/webhooks.ts';
export type * from './tables/work-orders.ts';

/**
 * Table shapes as Kysely sees them, each in the file of the room that owns (alone writes) it: db/tables/<module>.ts.
 * Conventions (docs/design.md §5): ids bigint autoincrement, money bigint cents, times bigint epoch ms, flags
 * integer 0/1, JSON as text.
 */
export interface Database
  extends AccessTables,
    AddressBookTables,
    AddressesTables,
    ApiLogTables,
    AttachmentsTables,
    AuthTables,
    BillsTables,
    BrandingTables,
    ChannelsTables,
    ClaimsTables,
    ConfigTables,
    FundsTables,
    HelpTables,
    MailTables,
    MessagesTables,
    NoticesTables,
    OrdersTables,
    PickupsTables,
    PlatformTables,
    PreferencesTables,
    PricingTables,
    ProductsTables,
    ReturnsTables,
    RulesTables,
    SavedViewsTables,
    SiteTables,
    StoresTables,
    SysMessagesTables,
    TagsTables,
    TeamTables,
    TriggersTables,
    TrackingTables,
    UnusedLabelsTables,
    UsersTables,
    WebhooksTables,
    WorkOrdersTables {}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
