import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/**
 * Names of what gives access to an account, wherever they appear: a field of a logged object, a request
 * header, or a query string parameter (a mailed reset link is `/resetPassword?token=…`).
 */
const SECRET_NAMES = [
  'token',
  'authorization',
  'cookie',
  'encryptData',
  'password',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'secret',
];
/** A verification code is masked in a query string and in a logged body, but an error's `code` (ECONNREFUSED) is kept. */
const SECRET_PARAMS = new Set([...SECRET_NAMES, 'code'].map((name) => name.toLowerCase()));
const CODE_PATHS = ['body.code', 'query.code', 'params.code', 'req.body.code', 'req.query.code'];
const CENSOR = '[redacted]';

/** The URL with the values of its secret query parameters masked. */
export function redactedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const pairs = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // A malformed name is compared as it was sent.
      }
      return SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=${CENSOR}` : pair;
    });
  return `${url.slice(0, mark)}?${pairs.join('&')}`;
}

/**
 * The server's pino settings: request lines carry the URL with secret parameters masked (and, as before,
 * no headers or bodies), and any logged object's secret fields, one or two levels down, are censored.
 * `stream` sends the lines elsewhere than stdout (tests read them).
 */
export function loggerOptions(
  level: string,
  stream?: LogStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        ...SECRET_NAMES.flatMap((name) => [name, `*.${name}`, `*.*.${name}`]),
        ...CODE_PATHS,
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers.token',
        'res.headers.token',
        'res.headers["set-cookie"]',
      ],
      censor: CENSOR,
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactedUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
