import type { Kysely } from 'kysely';

/**
 * When a parcel's label was last sent for a carrier's acceptance form (SCAN form) whose outcome is not yet
 * known (modules/orders/carrier-forms.ts): set before the carrier is asked, cleared when the form is kept or
 * the carrier refused it. A parcel left with one (the answer lost, or the instance stopped) is settled by
 * asking the carrier, or, where it cannot be asked (USPS), never sent for another form.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('parcels').addColumn('carrier_form_asked_at', 'bigint').execute();
}
