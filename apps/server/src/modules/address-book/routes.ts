import * as contracts from '@parcelport/shared/contracts/address-book/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { localeOf } from '../../i18n/messages.ts';
import { addressEntryOf, deleteAddresses, findAddress, saveAddress } from './addresses.ts';
import { addressPage, templatePage } from './repo.ts';
import { deleteTemplates, packageTemplateOf, saveTemplate } from './templates.ts';

/** A merchant's address book (any signed-in user) and package templates (resource code templateAdd). */
export function addressBookRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const userOf = (request: Parameters<typeof authOf>[0]) => authOf(request).userId;
    const localeOfCall = (request: { headers: Record<string, unknown> }) =>
      localeOf(request.headers['accept-language'] as string | undefined);

    bind(app, contracts.listAddresses, async (request) => {
      const { page, pageSize } = request.query;
      const { rows, total } = await addressPage(ctx.db, userOf(request), request.query);
      return { list: rows.map((row) => addressEntryOf(row, localeOfCall(request))), total, page, pageSize };
    });
    bind(app, contracts.getAddress, async (request) =>
      addressEntryOf(await findAddress(ctx.db, userOf(request), request.params.id), localeOfCall(request)),
    );
    bind(app, contracts.createAddress, async (request) =>
      addressEntryOf(await saveAddress(ctx.db, userOf(request), request.body), localeOfCall(request)),
    );
    bind(app, contracts.updateAddress, async (request) =>
      addressEntryOf(
        await saveAddress(ctx.db, userOf(request), request.body, request.params.id),
        localeOfCall(request),
      ),
    );
    bind(app, contracts.deleteAddresses, async (request) => ({
      deleted: await deleteAddresses(ctx.db, userOf(request), request.body.ids),
    }));

    bind(app, contracts.listPackageTemplates, async (request) => {
      const { page, pageSize } = request.query;
      const { rows, total } = await templatePage(ctx.db, userOf(request), request.query);
      return { list: rows.map(packageTemplateOf), total, page, pageSize };
    });
    bind(app, contracts.createPackageTemplate, async (request) =>
      packageTemplateOf(await saveTemplate(ctx.db, userOf(request), request.body)),
    );
    bind(app, contracts.updatePackageTemplate, async (request) =>
      packageTemplateOf(await saveTemplate(ctx.db, userOf(request), request.body, request.params.id)),
    );
    bind(app, contracts.deletePackageTemplates, async (request) => ({
      deleted: await deleteTemplates(ctx.db, userOf(request), request.body.ids),
    }));
  };
}
