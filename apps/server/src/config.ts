import path from 'node:path';
import { LOCALES, type Locale } from '@parcelport/shared';

/** Every setting of the server, read once from the environment, with defaults for a one-machine install. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; empty means the embedded SQLite file under dataDir. */
  databaseUrl: string;
  /** Overrides the SQLite file (":memory:" in tests). */
  sqliteFile: string;
  /** PostgreSQL schema to work in (tests give each run its own); empty means the default search_path. */
  databaseSchema: string;
  /** The language of the names seeded on a fresh install (the demo channels and services, the default pricing rule). */
  seedLocale: Locale;
  adminEmail: string;
  adminPassword: string;
  smtpUrl: string;
  mailFrom: string;
  /** Public address of the web app, used in mailed links. */
  publicUrl: string;
  sessionTtlMs: number;
  /** A session older than this since its token was issued gets a fresh token in the `token` header. */
  sessionRenewAfterMs: number;
  loginRateLimit: number;
  /** Calls one API key may make a minute, counted over every instance (hooks/key-rate-limit.ts). */
  apiKeyCallsPerMinute: number;
  /** Contact requests one client may send per hour (/contactUs). */
  contactRateLimit: number;
  /** Public tracking pages (and their JSON and logos) one client may open per minute. */
  trackingPageRateLimit: number;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's `trustProxy`): false by default, so a client
   * cannot pick its own IP for the login rate limit and the user log; behind a reverse proxy,
   * `TRUST_PROXY=true` or the proxies' addresses/CIDRs, comma-separated.
   */
  trustProxy: boolean | string;
  logLevel: string;
  /**
   * How often an idle job worker looks for work, and how long a claim lasts without renewal: a worker's on
   * a job, a purchase's on its order in 17, a call's on its Idempotency-Key.
   */
  jobPollMs: number;
  jobLockMs: number;
  /**
   * After SIGTERM, how long the instance goes on serving while its health check answers 503 "draining", so a
   * load balancer takes it out before it closes (0: close at once, as on one machine without a balancer).
   */
  shutdownGraceMs: number;
  /** How often each instance sweeps: recovers purchases whose claim lapsed, forgets expired Idempotency-Keys. */
  sweepMs: number;
  /** Orders a worker processes at once within a job. */
  jobConcurrency: number;
  /** 'simulated' (test labels only) or '17track' (also real labels, through TRACK17_API_URL/KEY). */
  trackingProvider: string;
  track17ApiUrl: string;
  track17ApiKey: string;
  /** How long a simulated test label takes per tracking step. */
  trackingStepMs: number;
  trackingRefreshMs: number;
  /** A parcel in transit without news for this many days is raised as 'transit too long'. */
  transitTooLongDays: number;
  /**
   * Webhook hosts (as written in the URL, lower case) that may be private, loopback or link-local
   * addresses: a subscriber's target is otherwise refused there (WEBHOOK_ALLOWED_HOSTS, comma-separated).
   */
  webhookAllowedHosts: string[];
  /** One delivery attempt's limit; the attempts in all; the wait before the first retry (doubled each time). */
  webhookTimeoutMs: number;
  webhookAttempts: number;
  webhookRetryMs: number;
  /** The API log of carrier calls keeps records this many days, and at most this many rows. */
  apiLogRetentionDays: number;
  apiLogMaxRows: number;
  /**
   * The key secrets kept at rest are sealed with (a store's token, lib/sealed.ts): 32 bytes as base64 or
   * hex; empty makes (and then reads) DATA_DIR/secret.key. Every instance of one install needs the same.
   */
  secretKey: string;
  /**
   * Online-store hosts (lower case) that may be private, loopback or link-local addresses: a WooCommerce
   * site there is otherwise refused, as a webhook target is (STORE_ALLOWED_HOSTS, comma-separated).
   */
  storeAllowedHosts: string[];
  /** Where uploaded files are kept: `disk` (DATA_DIR/uploads) or `database` (shared by every instance). */
  fileStorage: 'disk' | 'database';
  webDist: string;
}

const root = path.resolve(import.meta.dirname, '../../..');

/** FILE_STORAGE, else the embedded default: files on disk beside SQLite, in the database with PostgreSQL. */
function fileStorageOf(value: string | undefined, databaseUrl: string): Config['fileStorage'] {
  if (value === undefined || value === '') return databaseUrl ? 'database' : 'disk';
  if (value === 'disk' || value === 'database') return value;
  throw new Error(`FILE_STORAGE must be disk or database, not ${value}`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data'));
  const port = Number(env.PORT ?? 8080);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL ?? '',
    sqliteFile: env.SQLITE_FILE ?? path.join(dataDir, 'parcelport.db'),
    databaseSchema: env.DATABASE_SCHEMA ?? '',
    seedLocale: localeOf(env.SEED_LOCALE),
    adminEmail: env.ADMIN_EMAIL ?? 'admin@example.com',
    adminPassword: env.ADMIN_PASSWORD ?? '',
    smtpUrl: env.SMTP_URL ?? '',
    mailFrom: env.MAIL_FROM ?? 'ParcelPort <no-reply@localhost>',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    sessionTtlMs: Number(env.SESSION_TTL_HOURS ?? 24 * 7) * 3_600_000,
    sessionRenewAfterMs: Number(env.SESSION_RENEW_MINUTES ?? 60) * 60_000,
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 10),
    apiKeyCallsPerMinute: Number(env.API_KEY_CALLS_PER_MINUTE ?? 600),
    contactRateLimit: Number(env.CONTACT_RATE_LIMIT ?? 5),
    trackingPageRateLimit: Number(env.TRACKING_PAGE_RATE_LIMIT ?? 60),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    jobPollMs: Number(env.JOB_POLL_MS ?? 1000),
    jobLockMs: Number(env.JOB_LOCK_MS ?? 30_000),
    sweepMs: Number(env.SWEEP_SECONDS ?? 15) * 1000,
    shutdownGraceMs: Number(env.SHUTDOWN_GRACE_SECONDS ?? 0) * 1000,
    jobConcurrency: Number(env.JOB_CONCURRENCY ?? 32),
    trackingProvider: env.TRACKING_PROVIDER ?? 'simulated',
    track17ApiUrl: env.TRACK17_API_URL ?? 'https://api.17track.net',
    track17ApiKey: env.TRACK17_API_KEY ?? '',
    trackingStepMs: Number(env.TRACKING_STEP_MINUTES ?? 10) * 60_000,
    trackingRefreshMs: Number(env.TRACKING_REFRESH_MINUTES ?? 5) * 60_000,
    transitTooLongDays: Number(env.TRANSIT_TOO_LONG_DAYS ?? 7),
    webhookAllowedHosts: hostList(env.WEBHOOK_ALLOWED_HOSTS),
    secretKey: env.SECRET_KEY ?? '',
    storeAllowedHosts: hostList(env.STORE_ALLOWED_HOSTS),
    webhookTimeoutMs: Number(env.WEBHOOK_TIMEOUT_SECONDS ?? 10) * 1000,
    webhookAttempts: Number(env.WEBHOOK_ATTEMPTS ?? 5),
    webhookRetryMs: Number(env.WEBHOOK_RETRY_SECONDS ?? 30) * 1000,
    apiLogRetentionDays: Number(env.API_LOG_RETENTION_DAYS ?? 30),
    apiLogMaxRows: Number(env.API_LOG_MAX_ROWS ?? 500_000),
    fileStorage: fileStorageOf(env.FILE_STORAGE, env.DATABASE_URL ?? ''),
    webDist: env.WEB_DIST ?? path.join(root, 'apps/web/dist'),
  };
}

/** A comma-separated list of host names as URLs write them: lower case, an IPv6 literal without brackets. */
function hostList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((host) =>
      host
        .trim()
        .toLowerCase()
        .replace(/^\[(.*)\]$/, '$1'),
    )
    .filter(Boolean);
}

/** SEED_LOCALE, else the platform's default language. */
function localeOf(value: string | undefined): Locale {
  if (value === undefined || value === '') return 'zh-CN';
  if ((LOCALES as readonly string[]).includes(value)) return value as Locale;
  throw new Error(`SEED_LOCALE must be one of ${LOCALES.join(', ')}, not ${value}`);
}

function parseTrustProxy(value: string | undefined): boolean | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  return text === 'true' ? true : text;
}
