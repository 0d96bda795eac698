import type { Generated } from 'kysely';

/** An account's brand on its recipients' tracking pages and mails (0070). */
export interface BrandsTable {
  user_id: number;
  /** Shown on the page and signing the mails ('': the account's company). */
  name: Generated<string>;
  /** An image attachment of the account's own. */
  logo_attachment_id: number | null;
  /** `#rrggbb` or ''. */
  color: Generated<string>;
  support_email: Generated<string>;
  support_phone: Generated<string>;
  support_url: Generated<string>;
  /** The language the recipients' notices are written in. */
  notice_locale: Generated<string>;
  updated_at: number;
}

/** The tables modules/branding writes, by name (test/table-owners.test.ts). */
export interface BrandingTables {
  brands: BrandsTable;
}
