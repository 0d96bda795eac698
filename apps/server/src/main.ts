import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { recoverInterruptedPurchases } from './modules/orders/service.ts';

const config = loadConfig();
mkdirSync(config.dataDir, { recursive: true });
const { app, ctx, generatedAdminPassword } = await buildApp(config);
const recovered = await recoverInterruptedPurchases(ctx.db);
if (recovered > 0) app.log.warn({ recovered }, 'refunded label purchases a previous run left unfinished');

if (generatedAdminPassword) {
  // Printed once, on the start that created the administrator; only its hash is stored.
  console.log(
    `\n  First administrator created: ${config.adminEmail}\n  Password: ${generatedAdminPassword}\n  (shown only now; set ADMIN_PASSWORD to choose it)\n`,
  );
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
