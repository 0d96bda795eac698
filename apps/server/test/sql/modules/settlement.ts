import * as earnest from '../../../src/modules/settlement/earnest-repo.ts';
import * as refundsOwed from '../../../src/modules/settlement/refunds-owed-repo.ts';
import { ex, repo } from '../examples.ts';
import { ANY_ACCOUNT, MERCHANT, NOW, OWN, OWNED, PAGE } from '../values.ts';

const CHANNEL = 3;

/** The channels as refundWindows reads them: one with the default window, one with its own, one with another. */
const CHANNELS = [
  { id: CHANNEL, settings: '{}' },
  { id: CHANNEL + 1, settings: '{"refundWindowDays":45}' },
  { id: CHANNEL + 2, settings: '{"refundWindowDays":14}' },
];

export default [
  repo('modules/settlement/earnest-repo.ts', earnest, {
    releasableEarnestOf: [
      ex('any account', (db) => earnest.releasableEarnestOf(db, MERCHANT, ANY_ACCOUNT)),
      ex('owned accounts', (db) => earnest.releasableEarnestOf(db, MERCHANT, OWNED)),
    ],
    listUnreleasedEarnest: [
      ex('any account', (db) => earnest.listUnreleasedEarnest(db, ANY_ACCOUNT, PAGE.page, PAGE.pageSize)),
      ex('own', (db) => earnest.listUnreleasedEarnest(db, OWN, PAGE.page, PAGE.pageSize)),
    ],
  }),
  repo('modules/settlement/refunds-owed-repo.ts', refundsOwed, {
    listRefundsOwed: [
      ex('every state and channel, channels of the default window', (db) =>
        refundsOwed.listRefundsOwed(db, ANY_ACCOUNT, {}, PAGE.page, PAGE.pageSize, NOW),
      ),
      ex(
        'one state, one channel, owned accounts, channels of their own windows',
        (db) =>
          refundsOwed.listRefundsOwed(
            db,
            OWNED,
            { state: 'pending', channelId: CHANNEL },
            PAGE.page,
            PAGE.pageSize,
            NOW,
          ),
        [CHANNELS],
      ),
    ],
    agedRefundsOwed: [ex('a channel', (db) => refundsOwed.agedRefundsOwed(db, CHANNEL, NOW), [CHANNELS])],
  }),
];
