import { SYS_MESSAGE_AUDIENCES } from '@parcelport/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { envelope, ok, pageOf, pageQuery } from '../../http/envelope.ts';
import { createSysMessage, deleteSysMessages, inboxOf, listSentMessages, markSysMessagesRead } from './service.ts';

const sentView = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  audience: z.enum(SYS_MESSAGE_AUDIENCES),
  userIds: z.array(z.number()).describe("the picked users, for the audience 'users'"),
  author: z.string(),
  readCount: z.number().describe('how many of its readers have read it'),
  createdAt: z.string(),
});

const inboxView = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});

/**
 * System messages: staff write them for everyone, every merchant, every employee or picked users
 * (adminSysMessageList, SPEC's /admin/sysMessage/…), and each reader has them in the system messages
 * centre (appSysMessageList) with its own read marks.
 */
export function sysMessageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The platform's own broadcasts: any audience, by whoever holds the messages code.
    const staff = { access: { codes: ['adminSysMessageList'] }, scope: 'any' } as const;
    const readers = { access: { codes: ['appSysMessageList'] }, scope: 'own' } as const;
    const idsBody = z.object({ ids: z.array(z.number().int().positive()).max(1000) });

    app.get(
      '/admin/sysMessage/list',
      {
        config: staff,
        schema: {
          tags: ['system messages'],
          summary: 'System messages sent, newest first; keyword over the title',
          querystring: pageQuery.extend({ keyword: z.string().trim().max(100).optional() }),
          response: { 200: envelope(pageOf(sentView)) },
        },
      },
      async (request) => ok(await listSentMessages(ctx.db, request.query)),
    );

    app.post(
      '/admin/sysMessage/create',
      {
        config: staff,
        schema: {
          tags: ['system messages'],
          summary: "Send a system message to everyone, every merchant, every employee, or the users picked ('users')",
          body: z.object({
            title: z.string().trim().min(1, 'fieldRequired').max(120),
            content: z.string().trim().min(1, 'fieldRequired').max(10_000),
            audience: z.enum(SYS_MESSAGE_AUDIENCES).default('all'),
            userIds: z.array(z.number().int().positive()).max(10_000).default([]),
          }),
          response: { 200: envelope(z.object({ id: z.number() })) },
        },
      },
      async (request) => {
        const auth = authOf(request);
        return ok(await createSysMessage(ctx.db, auth.actorId ?? auth.userId, request.body));
      },
    );

    app.post(
      '/admin/sysMessage/delete',
      {
        config: staff,
        schema: {
          tags: ['system messages'],
          summary: 'Delete system messages: they leave every reader’s centre',
          body: idsBody.extend({ ids: idsBody.shape.ids.min(1) }),
          response: { 200: envelope(z.object({ deleted: z.number() })) },
        },
      },
      async (request) => ok({ deleted: await deleteSysMessages(ctx.db, request.body.ids) }),
    );

    app.get(
      '/app/sysMessage/list',
      {
        config: readers,
        schema: {
          tags: ['system messages'],
          summary: 'My system messages, newest first, each read or not, with the unread count',
          querystring: pageQuery.extend({ unread: z.stringbool().optional() }),
          response: { 200: envelope(pageOf(inboxView).extend({ unread: z.number() })) },
        },
      },
      async (request) => {
        const auth = authOf(request);
        return ok(await inboxOf(ctx.db, { userId: auth.userId, kind: auth.kind }, request.query));
      },
    );

    app.post(
      '/app/sysMessage/read',
      {
        config: readers,
        schema: {
          tags: ['system messages'],
          summary: 'Mark my system messages read: the given ids, or all of them when ids is empty',
          body: idsBody.extend({ ids: idsBody.shape.ids.default([]) }),
          response: { 200: envelope(z.object({ marked: z.number() })) },
        },
      },
      async (request) => {
        const auth = authOf(request);
        return ok({
          marked: await markSysMessagesRead(ctx.db, { userId: auth.userId, kind: auth.kind }, request.body.ids),
        });
      },
    );
  };
}
