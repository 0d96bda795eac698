import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { DRAWN_SCREENS, lookDocument, lookInCookies, SIGN_IN_DOCUMENT } from '@parcelport/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localeOf, translate } from '../i18n/messages.ts';
import { answerFirstCalls, firstCallsOf, withFirstAnswers } from './first-answers.ts';

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
 * /login the sign-in document drawn at build time where the build has one (apps/web/scripts/prerender-sign-in.ts),
 * as for the signed-in first screens drawn at build time (DRAWN_SCREENS: the order list, the workplace);
 * a signed-in document brings the answers of its first calls where the session cookie allows (first-answers.ts);
 * unknown API paths get the 404 envelope.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
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
  }

  /**
   * The document `file` of webDist, with the first answers of its request where it carries the session cookie
   * (compressed as any answer is, and private: no-store, as the calls' answers are); else the file as built.
   * The file alone is sent without a promise: a reply returned is awaited (a listener on the response each time).
   */
  const sendDocument = (request: FastifyRequest, reply: FastifyReply, file: string) => {
    reply.header('vary', 'cookie');
    const calls = firstCallsOf(request);
    if (!calls) {
      reply.sendFile(file);
      return;
    }
    return answerFirstCalls(app, request, calls)
      .then(async (answers) => answers && withFirstAnswers(await readFile(path.join(webDist, file), 'utf8'), answers))
      .catch((error: unknown) => {
        request.log.warn({ err: error }, 'the first answers could not be made; the document goes without them');
        return null;
      })
      .then((html) =>
        html
          ? reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)
          : reply.sendFile(file),
      );
  };

  if (hasWebApp) {
    /**
     * A document drawn at build time: the one holding the drawing of the reader's look alone when their cookie
     * names one (packages/shared looks.ts), else the one holding every look's, else index.html. It varies with
     * the Cookie header, so a shared cache keeps it apart per reader.
     */
    const sendDrawn = (document: string) => (request: FastifyRequest, reply: FastifyReply) => {
      const look = lookInCookies(request.headers.cookie);
      const candidates = [...(look ? [lookDocument(document, look)] : []), document];
      return sendDocument(
        request,
        reply,
        candidates.find((file) => existsSync(path.join(webDist, file))) ?? 'index.html',
      );
    };
    app.get('/login', sendDrawn(SIGN_IN_DOCUMENT));
    // the signed-in first screens drawn at build time (apps/web/src/prerender/drawScreens.tsx), each at its path.
    // Anyone may fetch them, as index.html: they hold no account's data but the answers of the calls the
    // document would make with the reader's own session (scoped there as every call is).
    for (const { path: screenPath, document } of DRAWN_SCREENS) app.get(screenPath, sendDrawn(document));
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasWebApp && request.method === 'GET' && !request.url.startsWith('/api/')) {
      return sendDocument(request, reply, 'index.html');
    }
    const message = translate('notFound', localeOf(request.headers['accept-language']));
    return reply.code(404).send({ code: 404, message, data: null });
  });
}
