import * as branding from '../../../src/modules/branding/repo.ts';
import { ex, repo } from '../examples.ts';
import { MERCHANT, STAFF } from '../values.ts';

export default [
  repo('modules/branding/repo.ts', branding, {
    brandRowOf: [ex('a merchant', (db) => branding.brandRowOf(db, MERCHANT))],
    upsertBrand: [
      ex('a merchant', (db) =>
        branding.upsertBrand(db, MERCHANT, {
          name: 'Analytical Engines',
          logo_attachment_id: 12,
          color: '#1677ff',
          support_email: 'help@example.com',
          support_phone: '',
          support_url: '',
        }),
      ),
    ],
    setNoticeLocale: [ex('a merchant', (db) => branding.setNoticeLocale(db, MERCHANT, 'en-US'))],
    brandChainOf: [
      ex('a merchant under a seller', (db) => branding.brandChainOf(db, MERCHANT), [
        [{ id: MERCHANT, owner_id: STAFF }],
        [{ id: STAFF }],
      ]),
    ],
  }),
];
