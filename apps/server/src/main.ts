import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
mkdirSync(config.dataDir, { recursive: true });
const { app, ctx, generatedAdminPassword } = await buildApp(config);

if (generatedAdminPassword) {
  // Printed once, on the start that created the administrator; only its hash is stored.
  console.log(
    `\n  First administrator created: ${config.adminEmail}\n  Password: ${generatedAdminPassword}\n  (shown only now; set ADMIN_PASSWORD to choose it)\n`,
  );
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    // Behind a load balancer: fail the health check first and go on serving until the balancer has taken
    // this instance out, so no request it sends meanwhile meets a closed port.
    ctx.lifecycle.draining = true;
    if (config.shutdownGraceMs > 0) {
      app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: draining');
      await new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs));
    }
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
