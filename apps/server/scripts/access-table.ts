/** Rewrites the generated "who may call what" table of docs/api.md from the app's routes. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { accessTable, withAccessTable } from '../src/modules/docs/access-table.ts';

const page = path.resolve(import.meta.dirname, '../../../docs/api.md');
const config = { ...loadConfig({}), sqliteFile: ':memory:', webDist: '/nonexistent', adminPassword: 'Unused#2026' };
const { app } = await buildApp(config, { logger: false, worker: false });
await app.ready();
writeFileSync(page, withAccessTable(readFileSync(page, 'utf8'), accessTable(app.swagger() as never)));
await app.close();
console.log(`updated ${path.relative(process.cwd(), page)}`);
