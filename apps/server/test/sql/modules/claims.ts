import * as claims from '../../../src/modules/claims/repo.ts';
import { ex, noSql, repo } from '../examples.ts';
import { ANY_ACCOUNT, MERCHANT, ORDER, OWN, OWNED, PAGE } from '../values.ts';

const CLAIM = 31;

export default [
  repo('modules/claims/repo.ts', claims, {
    openKeyOf: noSql('the key that keeps one open claim per order and type'),
    storedClaim: [ex('by id', (db) => claims.storedClaim(db, CLAIM), [[{ id: CLAIM }]])],
    insertClaim: [
      ex(
        'a lost parcel',
        (db) =>
          claims.insertClaim(db, {
            userId: MERCHANT,
            orderId: ORDER,
            type: 'lost',
            amount: 5000,
            description: 'Never came',
          }),
        [[{ id: CLAIM }]],
      ),
    ],
    attachFiles: [ex('two files', (db) => claims.attachFiles(db, CLAIM, [12, 13]))],
    setWorkOrder: [ex('a claim', (db) => claims.setWorkOrder(db, CLAIM, 77))],
    moveClaimRow: [
      ex('into review', (db) => claims.moveClaimRow(db, CLAIM, ['submitted'], 'inReview')),
      ex('approved with an amount', (db) =>
        claims.moveClaimRow(db, CLAIM, ['inReview'], 'partlyApproved', { approved_amount: 2500 }),
      ),
    ],
    findClaim: [
      ex('own', (db) => claims.findClaim(db, OWN, CLAIM)),
      ex('owned accounts', (db) => claims.findClaim(db, OWNED, CLAIM)),
      ex('owned accounts, through a test key', (db) => claims.findClaim(db, { ...OWNED, test: true }, CLAIM)),
    ],
    listClaimRows: [
      ex('any account, newest first', (db) => claims.listClaimRows(db, ANY_ACCOUNT, PAGE, false)),
      ex('own, every filter, oldest first', (db) =>
        claims.listClaimRows(
          db,
          OWN,
          { ...PAGE, status: 'submitted', type: 'lost', orderId: ORDER, keyword: 'PP1001' },
          true,
        ),
      ),
    ],
    filesOf: [ex('two claims', (db) => claims.filesOf(db, [CLAIM, CLAIM + 1]))],
    blockingTypesOf: [ex('an order', (db) => claims.blockingTypesOf(db, ORDER))],
    trackingTimesOf: [ex('an order', (db) => claims.trackingTimesOf(db, ORDER))],
  }),
];
