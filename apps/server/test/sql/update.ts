import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gaps, generate, loadExamples, SRC, snapshotFiles } from './snapshots.ts';

/** `npm run sql:snapshots -w apps/server`: writes every repo file's SQL snapshot (and removes those of no repo). */
const loaded = await loadExamples();
const texts = await generate(loaded);
for (const file of snapshotFiles()) if (!texts.has(file)) rmSync(path.join(SRC, file));
for (const [file, text] of texts) {
  mkdirSync(path.dirname(path.join(SRC, file)), { recursive: true });
  writeFileSync(path.join(SRC, file), text);
}
console.log(`${texts.size} SQL snapshots written`);
const missing = gaps(loaded);
if (missing.length > 0) {
  console.error(`Still without examples (test/sql/modules):\n  ${missing.join('\n  ')}`);
  process.exitCode = 1;
}
