import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../core/errors.ts';
import { issueMessage } from '../i18n/issue-message.ts';
import { isMessageKey, localeOf, type MessageKey, translate } from '../i18n/messages.ts';

type Issue = { path?: PropertyKey[]; instancePath?: string; message: string; params?: { issue?: unknown } };

/** `{ "body.username": "…" }` style map of failing fields, in the request's language. */
function fieldMessages(issues: Issue[], request: FastifyRequest, context: string): Record<string, string> {
  const locale = localeOf(request.headers['accept-language']);
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const zodIssue = (issue.params?.issue ?? issue) as z.core.$ZodRawIssue & { path?: PropertyKey[] };
    const path =
      (zodIssue.path ?? []).map(String).join('.') ||
      issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') ||
      context;
    if (fields[path]) continue;
    fields[path] = issueMessage({ ...zodIssue, message: zodIssue.message ?? issue.message }, locale);
  }
  return fields;
}

function send(reply: FastifyReply, status: number, message: string, data: unknown = null) {
  return reply.code(status).type('application/json').send({ code: status, message, data });
}

/**
 * Fastify's own errors answered with a message of ours, in the reader's language (theirs are English only,
 * and some would echo a path thousands long).
 */
const FRAMEWORK_MESSAGES: Record<string, MessageKey> = {
  FST_ERR_MAX_PARAM_LENGTH: 'pathTooLong',
  FST_ERR_BAD_URL: 'badUrl',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bodyNotJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bodyEmpty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'mediaTypeUnsupported',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'contentLengthInvalid',
};

/**
 * A multipart body busboy could not parse (no boundary, cut short): busboy raises these as plain Errors,
 * recognised here by their messages so that every upload route answers them as bad input.
 */
function isMalformedMultipart(error: Error, request: FastifyRequest): boolean {
  return (
    request.isMultipart?.() === true &&
    /^(Multipart: Boundary not found|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|Boundary required|The needle )/.test(
      error.message,
    )
  );
}

/** Maps every error to the envelope: 400 with fields for bad input, the AppError's own status, 500 else. */
export function replyWithError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const locale = localeOf(request.headers['accept-language']);
  if (error instanceof AppError) {
    const data =
      error.data && typeof error.data === 'object' && 'fields' in error.data
        ? {
            fields: Object.fromEntries(
              Object.entries((error.data as { fields: Record<string, string> }).fields).map(([field, key]) => [
                field,
                isMessageKey(key) ? translate(key, locale) : key,
              ]),
            ),
          }
        : error.data;
    return send(reply, error.statusCode, translate(error.key, locale, error.params), data);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = fieldMessages(error.validation as unknown as Issue[], request, error.validationContext ?? 'body');
    const summary = Object.entries(fields)
      .map(([field, message]) => `${field}: ${message}`)
      .join('; ');
    return send(reply, 400, `${translate('invalidInput', locale)}: ${summary}`, { fields });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    return send(reply, 500, translate('internalError', locale));
  }
  if (isMalformedMultipart(error, request)) {
    return send(reply, 400, translate('uploadMalformed', locale), {
      fields: { file: translate('uploadMalformed', locale) },
    });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return send(reply, 429, translate('tooManyRequests', locale));
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, unsupported media type, body too large, bad URL); one we
    // have no words for keeps its English for an English reader and is a plain "request error" otherwise.
    const key = FRAMEWORK_MESSAGES[error.code];
    if (key) return send(reply, status, translate(key, locale));
    return send(reply, status, locale === 'en-US' && error.message ? error.message : translate('requestError', locale));
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, 500, translate('internalError', locale));
}

/** The app's error handler; Fastify's `frameworkErrors` option (app.ts) answers through replyWithError too. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(replyWithError);
}
