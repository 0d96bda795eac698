/** Writes src/schema.ts, the client's types, from the OpenAPI document of the server as it is now. */
import { writeFileSync } from 'node:fs';
import { buildApp } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { SCHEMA_FILE, schemaText } from './schema-text.ts';

const config = { ...loadConfig({}), sqliteFile: ':memory:', webDist: '/nonexistent', adminPassword: 'Unused#2026' };
const { app } = await buildApp(config, { logger: false, worker: false });
await app.ready();
writeFileSync(SCHEMA_FILE, await schemaText(app.swagger()));
await app.close();
console.log(`wrote ${SCHEMA_FILE.pathname}`);
