import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  APP_START_SCRIPT,
  DRAWN_SCREEN_SCRIPT,
  FIRST_CALLS_SCRIPT,
  SIGN_IN_SCRIPT,
  UPLOAD_LIMIT_BYTES,
} from '@parcelport/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/index.ts';
import { migrateToLatest } from './db/migrate.ts';
import { type ModuleDeclaration, type ModuleParts, NO_HOOKS, PRUNE_EVERY_MS } from './declaration.ts';
import { installAuth } from './hooks/auth.ts';
import { forgetExpiredKeys, installIdempotency } from './hooks/idempotency.ts';
import { forgetKeyCallsSweep } from './hooks/key-rate-limit.ts';
import { installAuditLog } from './http/audit.ts';
import { countCallsInFlight } from './http/calls-in-flight.ts';
import { installErrorHandler, replyWithError } from './http/error-handler.ts';
import { installInputGuard } from './http/input-guard.ts';
import { type LogStream, loggerOptions } from './http/logging.ts';
import { openApiOptions } from './http/openapi.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installUnreadBodyDrain } from './http/unread-body.ts';
import { serveWebApp } from './http/web-app.ts';
import { startSweeps } from './jobs/sweeper.ts';
import { startTaskWorker } from './jobs/tasks.ts';
import { startWorker } from './jobs/worker.ts';
import { CatalogueMemo } from './lib/catalogue-memo.ts';
import { createSealer } from './lib/sealed.ts';
import { contextPorts, seedDatabase } from './wiring.ts';

/** A Content-Security-Policy source that lets this one inline script run: its SHA-256. */
const inlineScriptSource = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** Webhook deliveries in flight at once per instance: a few slow targets leave the others their lanes. */
const TASKS_AT_ONCE = 16;
/**
 * Of those, the ones started while calls are being answered: background tasks then leave the event loop
 * (and, on SQLite, the one writer) to the calls, so a purchase made during a burst of deliveries keeps its
 * time; the lanes fill again as soon as no call is in flight.
 */
const TASKS_WHILE_CALLS = 8;

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Set on the start that created the first administrator without ADMIN_PASSWORD. */
  generatedAdminPassword?: string;
}

/** Opens the database, migrates, seeds and builds the HTTP app; tests build it the same way. */
export async function buildApp(
  config: Config,
  options: {
    logger?: boolean;
    logStream?: LogStream;
    worker?: boolean;
    /** The SQLite database to start from (the test apps start from one already migrated: db/sqlite.ts). */
    sqliteImage?: Uint8Array;
  } = {},
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
  // The task worker yields to calls being answered, and fills its lanes again once none is.
  const calls = countCallsInFlight(app, () => taskWorker?.resume());

  const { db, dialect } = openDatabase(config, options.sqliteImage);
  app.addHook('onClose', async () => db.destroy());
  await migrateToLatest(db, dialect === 'postgres' ? config.databaseSchema : undefined);
  const { generatedPassword } = await seedDatabase(db, config);
  const ctx: AppContext = {
    config,
    db,
    dialect,
    ...(await contextPorts(config, db, dialect, app.log)),
    sealer: createSealer(config),
    log: app.log,
    quoteMemo: new CatalogueMemo(),
    lifecycle: { draining: false },
    hooks: NO_HOOKS,
    wakeWorker: () => {
      worker?.wake();
      taskWorker?.wake();
    },
  };
  const modules = await collectModules(ctx);
  const all = <T>(pick: (parts: ModuleParts) => readonly T[] | undefined): T[] => modules.flatMap((m) => pick(m) ?? []);
  // Declared with the modules, which are made for the context: so filled in once they are.
  ctx.hooks = {
    parcelNews: all((m) => (m.hooks?.parcelNews ? [m.hooks.parcelNews] : [])),
    topUp: all((m) => (m.hooks?.topUp ? [m.hooks.topUp] : [])),
    fileShare: all((m) => (m.hooks?.fileShare ? [m.hooks.fileShare] : [])),
    credentialsChanged: all((m) => (m.hooks?.credentialsChanged ? [m.hooks.credentialsChanged] : [])),
    purchase: all((m) => (m.hooks?.purchase ? [m.hooks.purchase] : [])),
    arrival: all((m) => (m.hooks?.arrival ? [m.hooks.arrival] : [])),
    orderTags: all((m) => (m.hooks?.orderTags ? [m.hooks.orderTags] : [])),
  };
  const allOf = <T>(pick: (parts: ModuleParts) => Record<string, T> | undefined): Record<string, T> =>
    Object.assign({}, ...modules.map(pick));
  const jobsCompleted = all((m) => (m.jobCompleted ? [m.jobCompleted] : []));
  // The background workers run in every app instance; jobs are shared through the database. Batch jobs
  // and tasks (webhook deliveries) have workers of their own, so neither kind waits behind the other.
  const worker =
    options.worker === false
      ? null
      : startWorker(
          ctx,
          allOf((m) => m.jobs),
          app.log,
          {
            pollMs: config.jobPollMs,
            lockMs: config.jobLockMs,
            concurrency: config.jobConcurrency,
            completed: async (db, jobId) => {
              for (const completed of jobsCompleted) await completed(db, jobId);
            },
          },
        );
  const taskWorker =
    options.worker === false
      ? null
      : startTaskWorker(
          ctx,
          allOf((m) => m.tasks),
          app.log,
          {
            pollMs: config.jobPollMs,
            lockMs: config.jobLockMs,
            concurrency: TASKS_AT_ONCE,
            yieldTo: { busy: calls.busy, concurrency: TASKS_WHILE_CALLS },
          },
        );
  app.addHook('onClose', async () => {
    await Promise.all([worker?.stop(), taskWorker?.stop()]);
  });
  if (options.worker !== false) {
    // Every instance recovers what a stopped one left behind, once its claim lapses (no restart needed).
    const stopSweeps = startSweeps(
      ctx,
      [
        ...all((m) => m.sweeps),
        { name: 'forgot expired Idempotency-Keys', run: ({ db }) => forgetExpiredKeys(db) },
        forgetKeyCallsSweep,
      ],
      config.sweepMs,
      app.log,
    );
    app.addHook('onClose', async () => stopSweeps());
    const stopPruning = startSweeps(
      ctx,
      all((m) => m.pruning),
      PRUNE_EVERY_MS,
      app.log,
    );
    app.addHook('onClose', async () => stopPruning());
    for (const start of all((m) => (m.background ? [m.background] : []))) {
      const stop = start();
      app.addHook('onClose', () => stop());
    }
  }

  installSecurityHeaders(app, {
    // `Origin-Agent-Cluster: ?1` asks for what Chromium now does unasked (agent clusters keyed by origin; the app
    // never sets document.domain, the one thing it would forbid), other browsers ignore it, and sent explicitly it
    // is a hint for a process of the origin's own: 8-12 ms more of each cold first screen here (bench/README.md).
    originAgentCluster: false,
    contentSecurityPolicy: {
      directives: {
        // Scripts from the app's own files, and by their hashes the four inline scripts of the documents: the
        // sign-in document's (the language and theme of its drawn form, before the first paint), the drawn
        // signed-in first screens' two (their drawing put in and filled; the app started once it is) and every
        // document's first API calls of a signed-in visit. No other inline script runs.
        'script-src': [
          "'self'",
          ...[SIGN_IN_SCRIPT, DRAWN_SCREEN_SCRIPT, APP_START_SCRIPT, FIRST_CALLS_SCRIPT].map(inlineScriptSource),
        ],
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
  installUnreadBodyDrain(app);
  await app.register(swagger, openApiOptions);
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(
    async (api) => {
      // One file per upload; a larger one is cut off at the limit and refused by the route. Only the API takes
      // uploads, and the plugin watches every response it covers (a listener each), so it covers only the API.
      await api.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10 } });
      installAuth(api, ctx);
      installIdempotency(api, ctx.db, ctx.config.jobLockMs);
      installInputGuard(api);
      installAuditLog(api, ctx.db);
      for (const routes of all((m) => m.api)) await api.register(routes);
    },
    { prefix: '/api' },
  );

  for (const pages of all((m) => m.pages)) await app.register(pages);
  await serveWebApp(app, config.webDist);
  return { app, ctx, generatedAdminPassword: generatedPassword };
}

/**
 * Every module's declaration (declaration.ts), read from the face (index.ts) of each folder of src/modules in
 * name order; a folder whose face declares nothing stops the start rather than being left out.
 */
async function collectModules(ctx: AppContext): Promise<ModuleParts[]> {
  const folders = readdirSync(path.join(import.meta.dirname, 'modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    folders.map(async (folder) => {
      const face: { declareModule?: ModuleDeclaration } = await import(`./modules/${folder}/index.ts`);
      if (typeof face.declareModule !== 'function') throw new Error(`modules/${folder}/index.ts has no declareModule`);
      return face.declareModule(ctx);
    }),
  );
}
