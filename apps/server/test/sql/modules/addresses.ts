import * as addresses from '../../../src/modules/addresses/repo.ts';
import { ex, repo } from '../examples.ts';
import { MERCHANT } from '../values.ts';

export default [
  repo('modules/addresses/repo.ts', addresses, {
    correctionModeOf: [ex('a merchant', (db) => addresses.correctionModeOf(db, MERCHANT))],
    setCorrectionMode: [ex('a merchant', (db) => addresses.setCorrectionMode(db, MERCHANT, 'confirm'))],
  }),
];
