import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import * as foundation from './migrations/0001_foundation.ts';
import * as funds from './migrations/0002_funds.ts';
import * as shipping from './migrations/0003_shipping.ts';
import * as volume from './migrations/0004_volume.ts';
import * as orderLists from './migrations/0005_order_lists.ts';
import * as review from './migrations/0005_review.ts';
import * as changeVersions from './migrations/0006_change_versions.ts';
import * as addressBook from './migrations/0007_address_book.ts';
import * as apiKeys from './migrations/0008_api_keys.ts';
import * as workOrders from './migrations/0009_work_orders.ts';
import * as sysMessages from './migrations/0010_sys_messages.ts';
import * as loginThrottles from './migrations/0011_login_throttles.ts';
import * as claims from './migrations/0012_claims.ts';
import * as outbound from './migrations/0013_outbound.ts';
import * as orderVersion from './migrations/0014_order_version.ts';
import * as apiLogs from './migrations/0015_api_logs.ts';
import * as trackingClaims from './migrations/0019_tracking_claims.ts';
import * as catalogueVersion from './migrations/0020_catalogue_version.ts';
import * as fileBlobs from './migrations/0021_file_blobs.ts';
import * as carrierDocuments from './migrations/0022_carrier_documents.ts';
import * as carrierRefunds from './migrations/0023_carrier_refunds.ts';
import * as channelGates from './migrations/0024_channel_gates.ts';
import * as unconfirmedPurchases from './migrations/0025_unconfirmed_purchases.ts';
import * as configChanges from './migrations/0027_config_changes.ts';
import * as carrierManifests from './migrations/0029_carrier_manifests.ts';
import * as customers from './migrations/0030_customers.ts';
import * as salesIndex from './migrations/0031_sales_index.ts';
import * as userLogActing from './migrations/0032_user_log_acting.ts';
import * as contactRequests from './migrations/0033_contact_requests.ts';
import * as helpArticles from './migrations/0034_help_articles.ts';
import * as messageKeys from './migrations/0035_message_keys.ts';
import * as labelDayTotals from './migrations/0036_label_day_totals.ts';
import * as tableSettings from './migrations/0037_table_settings.ts';
import * as carrierBills from './migrations/0038_carrier_bills.ts';
import * as billDisputes from './migrations/0039_bill_disputes.ts';
import * as stores from './migrations/0040_stores.ts';
import * as billVoidedLines from './migrations/0041_bill_voided_lines.ts';
import * as guideArticles from './migrations/0042_guide_articles.ts';
import * as reportCurrency from './migrations/0043_report_currency.ts';
import * as billLineFollows from './migrations/0044_bill_line_follows.ts';
import * as billLineAdjusts from './migrations/0045_bill_line_adjusts.ts';
import * as ledgerRemarkCodes from './migrations/0046_ledger_remark_codes.ts';
import * as carrierBillReports from './migrations/0047_carrier_bill_reports.ts';
import * as todoIndexes from './migrations/0048_todo_indexes.ts';
import * as helpCompareRates from './migrations/0049_help_compare_rates.ts';

/** Migrations in order; a module adds its file here. Both dialects run the same list. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_funds': funds,
  '0003_shipping': shipping,
  '0004_volume': volume,
  '0005_order_lists': orderLists,
  '0005_review': review,
  '0006_change_versions': changeVersions,
  '0007_address_book': addressBook,
  '0008_api_keys': apiKeys,
  '0009_work_orders': workOrders,
  '0010_sys_messages': sysMessages,
  '0011_login_throttles': loginThrottles,
  '0012_claims': claims,
  '0013_outbound': outbound,
  '0014_order_version': orderVersion,
  '0015_api_logs': apiLogs,
  '0019_tracking_claims': trackingClaims,
  '0020_catalogue_version': catalogueVersion,
  '0021_file_blobs': fileBlobs,
  '0022_carrier_documents': carrierDocuments,
  '0023_carrier_refunds': carrierRefunds,
  '0024_channel_gates': channelGates,
  '0025_unconfirmed_purchases': unconfirmedPurchases,
  '0027_config_changes': configChanges,
  '0029_carrier_manifests': carrierManifests,
  '0030_customers': customers,
  '0031_sales_index': salesIndex,
  '0032_user_log_acting': userLogActing,
  '0033_contact_requests': contactRequests,
  '0034_help_articles': helpArticles,
  '0035_message_keys': messageKeys,
  '0036_label_day_totals': labelDayTotals,
  '0037_table_settings': tableSettings,
  '0038_carrier_bills': carrierBills,
  '0039_bill_disputes': billDisputes,
  '0040_stores': stores,
  '0041_bill_voided_lines': billVoidedLines,
  '0042_guide_articles': guideArticles,
  '0043_report_currency': reportCurrency,
  '0044_bill_line_follows': billLineFollows,
  '0045_bill_line_adjusts': billLineAdjusts,
  '0046_ledger_remark_codes': ledgerRemarkCodes,
  '0047_carrier_bill_reports': carrierBillReports,
  '0048_todo_indexes': todoIndexes,
  '0049_help_compare_rates': helpCompareRates,
};

/**
 * Runs the migrations not yet run. `schema` is the PostgreSQL schema the app works in, when it has one of
 * its own: the migrator then keeps its bookkeeping tables there and looks for them there only (by default
 * it takes another schema's kysely_migration tables in the same database for its own and fails).
 */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
