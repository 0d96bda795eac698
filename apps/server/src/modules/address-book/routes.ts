import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { envelope, ok, pageOf } from '../../http/envelope.ts';
import { localeOf } from '../../http/messages.ts';
import { idParams } from '../../http/numbers.ts';
import { addressEntryOf, deleteAddresses, findAddress, listAddresses, saveAddress } from './addresses.ts';
import {
  addressEntryInput,
  addressEntryView,
  idsBody,
  listQuery,
  packageTemplateInput,
  packageTemplateView,
} from './schemas.ts';
import { deleteTemplates, listTemplates, packageTemplateOf, saveTemplate } from './templates.ts';

const deletedView = envelope(z.object({ deleted: z.number() }));

/** A merchant's address book (any signed-in user) and package templates (resource code templateAdd). */
export function addressBookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const entryEnvelope = envelope(addressEntryView);
    // Numeric ids only, so /app/user/address/getCity and the other named paths stay theirs.
    const entryPath = '/app/user/address/:id(^\\d+)';
    const tags = ['address book'];

    app.get(
      '/app/user/address/list',
      {
        config: { scope: 'own' },
        schema: {
          tags,
          summary:
            'My saved addresses, the default sender first, then the newest; keyword over title, name, company, phone, city, ZIP and street',
          querystring: listQuery,
          response: { 200: envelope(pageOf(addressEntryView)) },
        },
      },
      async (request) => {
        const { page, pageSize } = request.query;
        const { rows, total } = await listAddresses(ctx.db, authOf(request).userId, request.query);
        const locale = localeOf(request.headers['accept-language']);
        return ok({ list: rows.map((row) => addressEntryOf(row, locale)), total, page, pageSize });
      },
    );

    app.get(
      entryPath,
      {
        config: { scope: 'own' },
        schema: { tags, summary: 'One saved address', params: idParams, response: { 200: entryEnvelope } },
      },
      async (request) => {
        const row = await findAddress(ctx.db, authOf(request).userId, request.params.id);
        return ok(addressEntryOf(row, localeOf(request.headers['accept-language'])));
      },
    );

    app.post(
      '/app/user/address',
      {
        config: { scope: 'own' },
        schema: {
          tags,
          summary: 'Save an address (a US address with a known ZIP gets a missing city and state from it)',
          body: addressEntryInput,
          response: { 200: entryEnvelope },
        },
      },
      async (request) => {
        const row = await saveAddress(ctx.db, authOf(request).userId, request.body);
        return ok(addressEntryOf(row, localeOf(request.headers['accept-language'])));
      },
    );

    app.put(
      entryPath,
      {
        config: { scope: 'own' },
        schema: {
          tags,
          summary: 'Rewrite a saved address',
          params: idParams,
          body: addressEntryInput,
          response: { 200: entryEnvelope },
        },
      },
      async (request) => {
        const row = await saveAddress(ctx.db, authOf(request).userId, request.body, request.params.id);
        return ok(addressEntryOf(row, localeOf(request.headers['accept-language'])));
      },
    );

    app.delete(
      '/app/user/address',
      {
        config: { scope: 'own' },
        schema: { tags, summary: 'Delete saved addresses', body: idsBody, response: { 200: deletedView } },
      },
      async (request) => ok({ deleted: await deleteAddresses(ctx.db, authOf(request).userId, request.body.ids) }),
    );

    const templateAccess = { access: { codes: ['templateAdd'] }, scope: 'own' } as const;
    const templateEnvelope = envelope(packageTemplateView);
    const templateTags = ['package templates'];

    app.get(
      '/app/user/packageTemplate/list',
      {
        config: templateAccess,
        schema: {
          tags: templateTags,
          summary: 'My package templates by name; keyword over the name',
          querystring: listQuery,
          response: { 200: envelope(pageOf(packageTemplateView)) },
        },
      },
      async (request) => {
        const { page, pageSize } = request.query;
        const { rows, total } = await listTemplates(ctx.db, authOf(request).userId, request.query);
        return ok({ list: rows.map(packageTemplateOf), total, page, pageSize });
      },
    );

    app.post(
      '/app/user/packageTemplate',
      {
        config: templateAccess,
        schema: {
          tags: templateTags,
          summary: 'Save a package template',
          body: packageTemplateInput,
          response: { 200: templateEnvelope },
        },
      },
      async (request) => ok(packageTemplateOf(await saveTemplate(ctx.db, authOf(request).userId, request.body))),
    );

    app.put(
      '/app/user/packageTemplate/:id(^\\d+)',
      {
        config: templateAccess,
        schema: {
          tags: templateTags,
          summary: 'Rewrite a package template',
          params: idParams,
          body: packageTemplateInput,
          response: { 200: templateEnvelope },
        },
      },
      async (request) =>
        ok(packageTemplateOf(await saveTemplate(ctx.db, authOf(request).userId, request.body, request.params.id))),
    );

    app.delete(
      '/app/user/packageTemplate',
      {
        config: templateAccess,
        schema: {
          tags: templateTags,
          summary: 'Delete package templates',
          body: idsBody,
          response: { 200: deletedView },
        },
      },
      async (request) => ok({ deleted: await deleteTemplates(ctx.db, authOf(request).userId, request.body.ids) }),
    );
  };
}
