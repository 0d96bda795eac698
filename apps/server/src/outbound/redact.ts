/**
 * What of an upstream call may be kept in the API log: the channel's secrets replaced with `[redacted]`
 * wherever they appear (also URL-encoded), values under credential-like keys masked, long bodies cut, and
 * documents described rather than kept.
 */

export const REDACTED = '[redacted]';

/** Bodies longer than this many characters are cut in the log. */
export const LOG_BODY_LIMIT = 64 * 1024;

/** Keys whose values are credentials whatever they hold (headers, JSON fields, query and form fields). */
const CREDENTIAL_KEY = /authorization|api[-_]?key|password|secret|token/i;

/** Shorter "secrets" would blank out ordinary text (a one-letter password would mangle every body). */
const SHORTEST_SECRET = 4;

export interface Redactor {
  /** A text with every secret replaced. */
  text(value: string): string;
  /** A URL with the secrets replaced and credential-like query parameters masked. */
  url(value: string): string;
  /** Headers with credential-like ones masked, as JSON text. */
  headers(value: Record<string, string>): string;
  /** A JSON value (or a body that may be JSON) as JSON text, credential-like keys masked, cut at the limit. */
  json(value: unknown): string;
  /** A body received as text: as JSON when it parses, else as text; cut at the limit. */
  body(text: string): string;
  /** A form body with credential-like fields masked. */
  form(value: Record<string, string>): string;
}

export function createRedactor(secrets: readonly string[]): Redactor {
  const forms = [...new Set(secrets.filter((secret) => secret.length >= SHORTEST_SECRET))]
    .flatMap((secret) => [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)])
    // The longest first, so that a secret containing another is replaced whole.
    .sort((a, b) => b.length - a.length);
  const text = (value: string) => forms.reduce((result, secret) => result.replaceAll(secret, REDACTED), value);
  const json = (value: unknown) => truncate(text(JSON.stringify(maskKeys(value)) ?? ''));
  return {
    text,
    url(value) {
      const url = safeUrl(value);
      if (!url) return text(value);
      for (const key of [...url.searchParams.keys()]) {
        if (CREDENTIAL_KEY.test(key)) url.searchParams.set(key, REDACTED);
      }
      if (url.username || url.password) {
        url.username = '';
        url.password = '';
      }
      return text(url.toString()).replaceAll(encodeURIComponent(REDACTED), REDACTED);
    },
    headers: (value) => json(value),
    json,
    body(raw) {
      try {
        return json(JSON.parse(raw));
      } catch {
        return truncate(text(raw));
      }
    },
    form(value) {
      const params = new URLSearchParams(maskKeys(value) as Record<string, string>);
      return truncate(text(params.toString()));
    },
  };
}

/** The log's note for a document answer: its size and type, never its bytes. */
export function bytesNote(length: number, contentType: string | null): string {
  return `[${length} bytes ${contentType?.split(';')[0]?.trim() || 'application/octet-stream'}]`;
}

function maskKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, CREDENTIAL_KEY.test(key) ? REDACTED : maskKeys(inner)]),
    );
  }
  return value;
}

function truncate(value: string): string {
  return value.length <= LOG_BODY_LIMIT
    ? value
    : `${value.slice(0, LOG_BODY_LIMIT)}…[cut: ${value.length} characters in all]`;
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
