import * as notices from '../../../src/modules/notices/repo.ts';
import { ex, repo } from '../examples.ts';
import { MERCHANT, ORDER } from '../values.ts';

const SETTING = {
  event: 'shipped',
  enabled: 1,
  subject_zh: '已发货',
  body_zh: '……',
  subject_en: 'Shipped',
  body_en: '…',
};

export default [
  repo('modules/notices/repo.ts', notices, {
    noticeSettingsOf: [ex('a merchant', (db) => notices.noticeSettingsOf(db, MERCHANT))],
    noticesSwitchedOn: [ex('two merchants', (db) => notices.noticesSwitchedOn(db, [MERCHANT, MERCHANT + 1]))],
    noticeSettingOf: [ex('an event', (db) => notices.noticeSettingOf(db, MERCHANT, 'shipped'))],
    upsertNoticeSettings: [
      ex('two events', (db) =>
        notices.upsertNoticeSettings(db, MERCHANT, [SETTING, { ...SETTING, event: 'delivered' }]),
      ),
    ],
    recordNotice: [
      ex('a notice', (db) =>
        notices.recordNotice(db, { orderId: ORDER, event: 'shipped', email: 'bob@example.com', locale: 'en-US' }),
      ),
    ],
    noticesOfOrder: [ex('an order', (db) => notices.noticesOfOrder(db, ORDER))],
  }),
];
