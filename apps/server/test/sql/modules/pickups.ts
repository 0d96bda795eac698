import * as pickups from '../../../src/modules/pickups/repo.ts';
import { ex, repo } from '../examples.ts';
import { ANY_ACCOUNT, MERCHANT, NOW, OWN, OWNED, STAFF } from '../values.ts';

const PICKUP = 8;

export default [
  repo('modules/pickups/repo.ts', pickups, {
    insertAsked: [
      ex(
        'a pickup',
        (db) =>
          pickups.insertAsked(
            db,
            {
              user_id: MERCHANT,
              channel_id: 3,
              pickup_date: '2023-11-15',
              window_start: '09:00',
              window_end: '17:00',
              location: 'Front desk',
              instructions: '',
              package_count: 4,
              weight_oz: 160,
              created_by: MERCHANT,
              created_at: NOW,
              label_date: null,
            },
            NOW,
          ),
        [[{ id: PICKUP }]],
      ),
    ],
    askedPickup: [ex('a day', (db) => pickups.askedPickup(db, MERCHANT, 3, '2023-11-15'))],
    pickupsWithin: [
      ex('any account', (db) => pickups.pickupsWithin(db, ANY_ACCOUNT).execute()),
      ex('own', (db) => pickups.pickupsWithin(db, OWN).execute()),
      ex('owned accounts', (db) => pickups.pickupsWithin(db, OWNED).execute()),
      ex('a test key', (db) => pickups.pickupsWithin(db, { ...OWN, test: true }).execute()),
    ],
    settleAsked: [
      ex('scheduled', (db) =>
        pickups.settleAsked(db, PICKUP, {
          status: 'scheduled',
          confirmation_no: 'PRN123',
          upstream_id: 'pk_1',
          fee: 0,
        }),
      ),
      ex('not booked, by staff', (db) =>
        pickups.settleAsked(db, PICKUP, { status: 'notBooked' }, { by: STAFF, at: NOW }),
      ),
    ],
    pickupsOf: [ex('a merchant', (db) => pickups.pickupsOf(db, MERCHANT))],
    pickupOf: [ex('by id', (db) => pickups.pickupOf(db, MERCHANT, PICKUP))],
    claimCancel: [ex('by id', (db) => pickups.claimCancel(db, PICKUP))],
    releaseCancel: [ex('by id', (db) => pickups.releaseCancel(db, PICKUP))],
    markCancelled: [ex('by id', (db) => pickups.markCancelled(db, PICKUP, NOW))],
    deletePickup: [ex('by id', (db) => pickups.deletePickup(db, PICKUP))],
  }),
];
