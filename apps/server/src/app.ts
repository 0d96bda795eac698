import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { FIRST_CALLS_SCRIPT, SIGN_IN_DOCUMENT, SIGN_IN_SCRIPT, UPLOAD_LIMIT_BYTES } from '@parcelport/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/index.ts';
import { migrateToLatest } from './db/migrate.ts';
import { installAuth } from './hooks/auth.ts';
import { forgetExpiredKeys, installIdempotency } from './hooks/idempotency.ts';
import { forgetKeyCallsSweep, installKeyRateLimit } from './hooks/key-rate-limit.ts';
import { installAuditLog } from './http/audit.ts';
import { installErrorHandler, replyWithError } from './http/error-handler.ts';
import { installInputGuard } from './http/input-guard.ts';
import { type LogStream, loggerOptions } from './http/logging.ts';
import { openApiOptions } from './http/openapi.ts';
import { installUnreadBodyDrain } from './http/unread-body.ts';
import { localeOf, translate } from './i18n/messages.ts';
import { startSweeps } from './jobs/sweeper.ts';
import { startTaskWorker } from './jobs/tasks.ts';
import { startWorker } from './jobs/worker.ts';
import { CatalogueMemo } from './lib/catalogue-memo.ts';
import { createSealer } from './lib/sealed.ts';
import { accessRoutes } from './modules/access/index.ts';
import { addressBookRoutes } from './modules/address-book/index.ts';
import { addressCheckRoutes } from './modules/addresses/index.ts';
import { adminUserRoutes } from './modules/admin-users/index.ts';
import { API_LOG_PRUNE_MS, apiLogRoutes, apiLogSink, pruneApiLogSweep } from './modules/api-log/index.ts';
import { attachmentRoutes, databaseStorage, diskStorage } from './modules/attachments/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { apiKeyRoutes, authRoutes, loadLoginKey } from './modules/auth/index.ts';
import { BILL_REPORT_TASK, billReportTask, billRoutes } from './modules/bills/index.ts';
import { brandingRoutes } from './modules/branding/index.ts';
import { channelRoutes, seedDemoChannels } from './modules/channels/index.ts';
import { claimRoutes } from './modules/claims/index.ts';
import { configRoutes, RuntimeSettings, settingDefaults } from './modules/config/index.ts';
import { customerRoutes } from './modules/customers/index.ts';
import { docsRoutes } from './modules/docs/index.ts';
import { employeeRoutes } from './modules/employees/index.ts';
import { fundRoutes } from './modules/funds/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { helpRoutes } from './modules/help/index.ts';
import { createMailer, mailRoutes, smtpTargetOf } from './modules/mail/index.ts';
import { menuRoutes } from './modules/menu/index.ts';
import { messageRoutes } from './modules/messages/index.ts';
import { noticeRoutes } from './modules/notices/index.ts';
import {
  addressRoutes,
  batchRoutes,
  downloadRoutes,
  followCarrierRefunds,
  importRoutes,
  ORDER_JOB_HANDLERS,
  orderRoutes,
  sweepLapsedPurchases,
} from './modules/orders/index.ts';
import { pickupRoutes } from './modules/pickups/index.ts';
import { preferenceRoutes } from './modules/preferences/index.ts';
import { pricingRoutes } from './modules/pricing/index.ts';
import { productRoutes } from './modules/products/index.ts';
import { reportRoutes } from './modules/reports/index.ts';
import { returnRoutes, sweepLapsedReturns } from './modules/returns/index.ts';
import { ruleRoutes } from './modules/rules/index.ts';
import { savedViewRoutes } from './modules/saved-views/index.ts';
import { siteRoutes } from './modules/site/index.ts';
import { pushFulfilments, storeRoutes } from './modules/stores/index.ts';
import { sysMessageRoutes } from './modules/sys-messages/index.ts';
import { tagRoutes } from './modules/tags/index.ts';
import { teamRoutes } from './modules/team/index.ts';
import {
  startTrackingRefresh,
  trackingPageRoutes,
  trackingProviders,
  trackingRoutes,
} from './modules/tracking/index.ts';
import { sweepUnusedLabels, unusedLabelRoutes } from './modules/unused-labels/index.ts';
import { seed, userRoutes } from './modules/users/index.ts';
import {
  batchCompleted,
  deliveryTask,
  fanoutTask,
  pruneWebhookLogSweep,
  WEBHOOK_DELIVERY_TASK,
  WEBHOOK_FANOUT_TASK,
  WEBHOOK_JOB,
  webhookRoutes,
  webhookTask,
} from './modules/webhooks/index.ts';
import { workOrderRoutes } from './modules/work-orders/index.ts';

/** A Content-Security-Policy source that lets this one inline script run: its SHA-256. */
const inlineScriptSource = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** Webhook deliveries in flight at once per instance: a few slow targets leave the others their lanes. */
const TASKS_AT_ONCE = 16;

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Set on the start that created the first administrator without ADMIN_PASSWORD. */
  generatedAdminPassword?: string;
}

/** Opens the database, migrates, seeds and builds the HTTP app; tests build it the same way. */
export async function buildApp(
  config: Config,
  options: { logger?: boolean; logStream?: LogStream; worker?: boolean } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
    // A path parameter over Fastify's limit (maxParamLength, 100 characters) or a URL that does not decode:
    // the envelope (414 / 400) rather than Fastify's own body.
    frameworkErrors: replyWithError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  const { db, dialect } = openDatabase(config);
  app.addHook('onClose', async () => db.destroy());
  await migrateToLatest(db, dialect === 'postgres' ? config.databaseSchema : undefined);
  await seedDemoChannels(db, config.seedLocale);
  const { generatedPassword } = await seed(db, config);
  const settings = new RuntimeSettings(db, dialect, settingDefaults(config));
  const ctx: AppContext = {
    config,
    db,
    dialect,
    settings,
    mailer: createMailer(db, async () => smtpTargetOf((await settings.current()).smtp, config.smtpUrl), app.log),
    loginKey: await loadLoginKey(db),
    storage:
      config.fileStorage === 'database' ? databaseStorage(db) : diskStorage(path.join(config.dataDir, 'uploads')),
    sealer: createSealer(config),
    apiLog: apiLogSink(db, app.log),
    log: app.log,
    quoteMemo: new CatalogueMemo(),
    lifecycle: { draining: false },
    wakeWorker: () => {
      worker?.wake();
      taskWorker?.wake();
    },
  };
  // The background workers run in every app instance; jobs are shared through the database. Batch jobs
  // and tasks (webhook deliveries) have workers of their own, so neither kind waits behind the other.
  const worker =
    options.worker === false
      ? null
      : startWorker(ctx, ORDER_JOB_HANDLERS, app.log, {
          pollMs: config.jobPollMs,
          lockMs: config.jobLockMs,
          concurrency: config.jobConcurrency,
          completed: batchCompleted,
        });
  const taskWorker =
    options.worker === false
      ? null
      : startTaskWorker(
          ctx,
          {
            [WEBHOOK_JOB]: webhookTask(config),
            [WEBHOOK_FANOUT_TASK]: fanoutTask,
            [WEBHOOK_DELIVERY_TASK]: deliveryTask(config),
            [BILL_REPORT_TASK]: billReportTask,
          },
          app.log,
          {
            pollMs: config.jobPollMs,
            lockMs: config.jobLockMs,
            concurrency: TASKS_AT_ONCE,
          },
        );
  app.addHook('onClose', async () => {
    await Promise.all([worker?.stop(), taskWorker?.stop()]);
  });
  const tracking = trackingProviders(config);
  if (options.worker !== false) {
    // Every instance recovers what a stopped one left behind, once its claim lapses (no restart needed).
    const stopSweeps = startSweeps(
      ctx,
      [
        { name: 'refunded label purchases whose instance stopped', run: (ctx) => sweepLapsedPurchases(ctx) },
        { name: 'followed the carriers on the refunds of voided labels', run: (ctx) => followCarrierRefunds(ctx) },
        { name: 'forgot expired Idempotency-Keys', run: ({ db }) => forgetExpiredKeys(db) },
        forgetKeyCallsSweep,
        { name: 'told online stores of labels bought and voided', run: (ctx) => pushFulfilments(ctx) },
        { name: 'warned of, voided and refunded unused labels', run: (ctx) => sweepUnusedLabels(ctx) },
        { name: 'voided pay-on-use returns that lapsed unused', run: (ctx) => sweepLapsedReturns(ctx) },
      ],
      config.sweepMs,
      app.log,
    );
    app.addHook('onClose', async () => stopSweeps());
    const stopPruning = startSweeps(ctx, [pruneApiLogSweep, pruneWebhookLogSweep], API_LOG_PRUNE_MS, app.log);
    app.addHook('onClose', async () => stopPruning());
    const stopTracking = startTrackingRefresh(
      ctx,
      tracking,
      {
        everyMs: async () => (await settings.current()).tracking.refreshMinutes * 60_000,
        transitTooLongDays: config.transitTooLongDays,
      },
      app.log,
    );
    app.addHook('onClose', () => stopTracking());
  }

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Scripts from the app's own files, and by their hashes the two inline scripts of the documents: the
        // sign-in document's (the language and theme of its drawn form, before the first paint) and every
        // document's first API calls of a signed-in visit. No other inline script runs.
        'script-src': ["'self'", ...[SIGN_IN_SCRIPT, FIRST_CALLS_SCRIPT].map(inlineScriptSource)],
        // antd writes its CSS-in-JS as inline style elements.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
      },
    },
  });
  await app.register(rateLimit, { global: false });
  // Answers of 1 KB or more in brotli (quality 4: fast enough per request) or gzip, as the client accepts;
  // types already compressed (PDF, zip, xlsx, PNG) are sent as they are, and the web app's files come
  // precompressed from the build.
  await app.register(compress, { encodings: ['br', 'gzip'] });
  await app.register(formbody);
  // One file per upload; a larger one is cut off at the limit and refused by the route.
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10 } });
  installUnreadBodyDrain(app);
  await app.register(swagger, openApiOptions);
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(
    async (api) => {
      installAuth(api, ctx);
      installKeyRateLimit(api, ctx);
      installIdempotency(api, ctx.db, ctx.config.jobLockMs);
      installInputGuard(api);
      installAuditLog(api, ctx.db);
      for (const routes of [
        healthRoutes,
        authRoutes,
        userRoutes,
        accessRoutes,
        adminUserRoutes,
        customerRoutes,
        employeeRoutes,
        reportRoutes,
        siteRoutes,
        helpRoutes,
        preferenceRoutes,
        menuRoutes,
        messageRoutes,
        mailRoutes,
        configRoutes,
        attachmentRoutes,
        fundRoutes,
        orderRoutes,
        returnRoutes,
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
        apiLogRoutes,
        billRoutes,
        storeRoutes,
        brandingRoutes,
        noticeRoutes,
        webhookRoutes,
        claimRoutes,
        unusedLabelRoutes,
        pickupRoutes,
        savedViewRoutes,
        tagRoutes,
        ruleRoutes,
        productRoutes,
        teamRoutes,
      ]) {
        await api.register(routes(ctx));
      }
      await api.register(trackingRoutes(ctx, tracking));
    },
    { prefix: '/api' },
  );

  await app.register(docsRoutes);
  await app.register(trackingPageRoutes(ctx));
  await serveWebApp(app, config.webDist);
  return { app, ctx, generatedAdminPassword: generatedPassword };
}

/**
 * Vite names every file under assets/ by a hash of its content, so a cached copy can never be stale: a year,
 * immutable. Anything else (index.html, which names the current assets; the logo) is checked every time.
 */
function cacheControlOf(webDist: string, filePath: string): string {
  const hashed = path.relative(webDist, filePath).startsWith(`assets${path.sep}`);
  return hashed ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves the built web app (when it has been built), answering index.html for the client-side routes, and for
 * /login the sign-in document drawn at build time where the build has one (apps/web/scripts/prerender-sign-in.ts);
 * unknown API paths get the 404 envelope.
 */
async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWebApp = existsSync(path.join(webDist, 'index.html'));
  // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
  // preCompressed: the build's .br / .gz copies (apps/web/scripts/precompress.ts) as the client accepts them.
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      preCompressed: true,
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlOf(webDist, filePath)),
    });
    app.get('/login', (_request, reply) =>
      reply.sendFile(existsSync(path.join(webDist, SIGN_IN_DOCUMENT)) ? SIGN_IN_DOCUMENT : 'index.html'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasWebApp && request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.type('text/html').sendFile('index.html');
    }
    const message = translate('notFound', localeOf(request.headers['accept-language']));
    return reply.code(404).send({ code: 404, message, data: null });
  });
}
