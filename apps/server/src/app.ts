import { existsSync } from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { UPLOAD_LIMIT_BYTES } from '@parcelport/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { seedDemoChannels } from './carriers/ratecard/demo.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/index.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed } from './db/seed.ts';
import { installAuditLog } from './http/audit.ts';
import { installAuth } from './http/auth.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { localeOf, translate } from './http/messages.ts';
import { startWorker } from './jobs/worker.ts';
import { accessRoutes } from './modules/access/routes.ts';
import { addressBookRoutes } from './modules/address-book/routes.ts';
import { addressCheckRoutes } from './modules/addresses/routes.ts';
import { adminUserRoutes } from './modules/admin-users/routes.ts';
import { attachmentRoutes } from './modules/attachments/routes.ts';
import { diskStorage } from './modules/attachments/storage.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { apiKeyRoutes } from './modules/auth/api-key-routes.ts';
import { loadLoginKey } from './modules/auth/login-key.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { channelRoutes } from './modules/channels/routes.ts';
import { configRoutes } from './modules/config/routes.ts';
import { docsRoutes } from './modules/docs/routes.ts';
import { fundRoutes } from './modules/funds/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { mailRoutes } from './modules/mail/routes.ts';
import { menuRoutes } from './modules/menu/routes.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { addressRoutes } from './modules/orders/address-routes.ts';
import { ORDER_JOB_HANDLERS } from './modules/orders/batch.ts';
import { batchRoutes } from './modules/orders/batch-routes.ts';
import { downloadRoutes } from './modules/orders/download-routes.ts';
import { importRoutes } from './modules/orders/import-routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { pricingRoutes } from './modules/pricing/routes.ts';
import { sysMessageRoutes } from './modules/sys-messages/routes.ts';
import { trackingRoutes } from './modules/tracking/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { workOrderRoutes } from './modules/work-orders/routes.ts';
import { trackingProviders } from './tracking/providers.ts';
import { startTrackingRefresh } from './tracking/service.ts';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Set on the start that created the first administrator without ADMIN_PASSWORD. */
  generatedAdminPassword?: string;
}

/** Opens the database, migrates, seeds and builds the HTTP app; tests build it the same way. */
export async function buildApp(
  config: Config,
  options: { logger?: boolean; worker?: boolean } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  const { db, dialect } = openDatabase(config);
  app.addHook('onClose', async () => db.destroy());
  await migrateToLatest(db, dialect === 'postgres' ? config.databaseSchema : undefined);
  await seedDemoChannels(db);
  const { generatedPassword } = await seed(db, config);
  const ctx: AppContext = {
    config,
    db,
    dialect,
    mailer: createMailer(db, config, app.log),
    loginKey: await loadLoginKey(db),
    storage: diskStorage(path.join(config.dataDir, 'uploads')),
    wakeWorker: () => worker?.wake(),
  };
  // The background worker runs in every app instance; jobs are shared through the database.
  const worker =
    options.worker === false
      ? null
      : startWorker(ctx, ORDER_JOB_HANDLERS, app.log, {
          pollMs: config.jobPollMs,
          lockMs: config.jobLockMs,
          concurrency: config.jobConcurrency,
        });
  app.addHook('onClose', async () => worker?.stop());
  const tracking = trackingProviders(config);
  if (options.worker !== false) {
    const stopTracking = startTrackingRefresh(
      ctx,
      tracking,
      { everyMs: config.trackingRefreshMs, transitTooLongDays: config.transitTooLongDays },
      app.log,
    );
    app.addHook('onClose', async () => stopTracking());
  }

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // antd writes its CSS-in-JS as inline style elements.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
      },
    },
  });
  await app.register(rateLimit, { global: false });
  await app.register(formbody);
  // One file per upload; a larger one is cut off at the limit and refused by the route.
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ParcelPort API',
        version: '1.0.0',
        description:
          'Every JSON answer is `{ code, message, data }`; money is a decimal string, times ISO-8601 UTC. Send `Accept-Language: en-US` for English messages (zh-CN by default).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(
    async (api) => {
      installAuth(api, ctx);
      installAuditLog(api, ctx.db);
      for (const routes of [
        healthRoutes,
        authRoutes,
        userRoutes,
        accessRoutes,
        adminUserRoutes,
        menuRoutes,
        messageRoutes,
        mailRoutes,
        configRoutes,
        attachmentRoutes,
        fundRoutes,
        orderRoutes,
        addressRoutes,
        channelRoutes,
        pricingRoutes,
        addressCheckRoutes,
        addressBookRoutes,
        apiKeyRoutes,
        workOrderRoutes,
        sysMessageRoutes,
        batchRoutes,
        downloadRoutes,
        importRoutes,
        auditRoutes,
      ]) {
        await api.register(routes(ctx));
      }
      await api.register(trackingRoutes(ctx, tracking));
    },
    { prefix: '/api' },
  );

  await app.register(docsRoutes);
  await serveWebApp(app, config.webDist);
  return { app, ctx, generatedAdminPassword: generatedPassword };
}

/**
 * Serves the built web app (when it has been built), answering index.html for the client-side routes;
 * unknown API paths get the 404 envelope.
 */
async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWebApp = existsSync(path.join(webDist, 'index.html'));
  // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
  if (hasWebApp) await app.register(fastifyStatic, { root: webDist, wildcard: true });
  app.setNotFoundHandler((request, reply) => {
    if (hasWebApp && request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.type('text/html').sendFile('index.html');
    }
    const message = translate('notFound', localeOf(request.headers['accept-language']));
    return reply.code(404).send({ code: 404, message, data: null });
  });
}
