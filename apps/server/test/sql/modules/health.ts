import * as health from '../../../src/modules/health/repo.ts';
import { ex, repo } from '../examples.ts';

export default [
  repo('modules/health/repo.ts', health, { pingDatabase: [ex('a ping', (db) => health.pingDatabase(db))] }),
];
