import { randomBytes } from 'node:crypto';
import {
  cookieIn,
  DEFAULT_LOCALE,
  FIRST_ANSWERS_ID,
  FIRST_CALLS_SCRIPT,
  type FirstAnswers,
  firstCallUrls,
  type Locale,
  lookInCookies,
  lookLocale,
  SESSION_COOKIE,
  TOKEN_TAIL_LENGTH,
} from '@parcelport/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A signed-in document's first answers (issue 26, first screen; packages/shared first-calls.ts). The document's
 * inline script starts the calls every signed-in screen waits for (the user's details, an order list's first
 * page) as soon as it is parsed; where the request carries the session cookie the web app keeps, the server
 * makes those very calls itself, through the app (`inject`: the same routes, auth, scope and answers as the
 * browser's own call, from the browser's address), and the document brings their answers, so that the first
 * screen shows them at its first paint without another round trip.
 */

/**
 * The header that marks a call made for a document's first answers, with a value only this process knows (so
 * no client can send it). Such a call does not renew its session: a renewed token brought in a document would
 * be lost where the tab does not take the answers (the cookie holding another tab's session), and that tab's
 * session would end a minute later (sessions.ts ROTATION_GRACE_MS). The app's own next call renews it.
 */
const DOCUMENT_CALL_HEADER = 'x-parcelport-document-call';
const DOCUMENT_CALL_MARK = randomBytes(16).toString('hex');

/** Whether `request` is a call made here for a document's first answers (see DOCUMENT_CALL_HEADER). */
export function isDocumentCall(request: FastifyRequest): boolean {
  return request.headers[DOCUMENT_CALL_HEADER] === DOCUMENT_CALL_MARK;
}

/** A session token as the server hands them out (32 random bytes, base64url); nothing else goes into a header. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

/** Where the first calls' script begins in a built document: the answers go just ahead of it. */
const FIRST_CALLS_TAG = `<script>${FIRST_CALLS_SCRIPT}</script>`;

/** The language the document's script asks in: the stored one, which the look cookie mirrors, else the default. */
function localeOfLook(cookies: string | undefined): Locale {
  const look = lookInCookies(cookies);
  return look ? lookLocale(look) : DEFAULT_LOCALE;
}

/** The first calls a document request would have its script make, with the session and language to make them in. */
export interface FirstCalls {
  urls: string[];
  token: string;
  locale: Locale;
}

/** The first calls of the document `request` asks for, where it carries the session cookie; else null. */
export function firstCallsOf(request: FastifyRequest): FirstCalls | null {
  const token = cookieIn(request.headers.cookie, SESSION_COOKIE);
  if (token === undefined || !TOKEN_SHAPE.test(token)) return null;
  const { pathname, search } = new URL(request.url, 'http://document');
  const urls = firstCallUrls(pathname, search);
  return urls.length === 0 ? null : { urls, token, locale: localeOfLook(request.headers.cookie) };
}

/**
 * The answers to `calls`, made through the app from the address of `request`; null where none came back as
 * JSON. Every answer is brought as the call would get it, a refusal too (an ended session: the app goes to
 * sign-in at once).
 */
export async function answerFirstCalls(
  app: FastifyInstance,
  request: FastifyRequest,
  { urls, token, locale }: FirstCalls,
): Promise<FirstAnswers | null> {
  const answered = await Promise.all(
    urls.map(async (url) => {
      const reply = await app.inject({
        method: 'GET',
        url,
        remoteAddress: request.ip,
        headers: {
          accept: 'application/json',
          'accept-language': locale,
          authorization: `Bearer ${token}`,
          [DOCUMENT_CALL_HEADER]: DOCUMENT_CALL_MARK,
        },
      });
      try {
        return [url, { status: reply.statusCode, body: JSON.parse(reply.body) as unknown }] as const;
      } catch {
        return null; // not JSON: the document's script makes this call itself
      }
    }),
  );
  const answers = answered.filter((entry) => entry !== null);
  if (answers.length === 0) return null;
  return { for: token.slice(-TOKEN_TAIL_LENGTH), locale, answers: Object.fromEntries(answers) };
}

/**
 * `html` with `answers` as a data block ahead of its first calls' script, or null where it has no such script.
 * Every `<` of the answers is escaped, so that no value (a recipient's name is the merchant's own) can end the
 * block or open markup.
 */
export function withFirstAnswers(html: string, answers: FirstAnswers): string | null {
  const at = html.indexOf(FIRST_CALLS_TAG);
  if (at < 0) return null;
  const json = JSON.stringify(answers).replaceAll('<', '\\u003c');
  return `${html.slice(0, at)}<script type="application/json" id="${FIRST_ANSWERS_ID}">${json}</script>${html.slice(at)}`;
}
