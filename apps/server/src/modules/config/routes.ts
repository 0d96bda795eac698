import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { emptyEnvelope, envelope, isoTime, ok } from '../../http/envelope.ts';
import { invalidFields } from '../../http/errors.ts';
import { allConfig, isConfigKey, setConfig } from './service.ts';

export function configRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/config/list',
      {
        config: { access: { codes: ['configList'] }, scope: 'any' },
        schema: {
          tags: ['config'],
          summary: 'System configuration values',
          response: {
            200: envelope(z.array(z.object({ key: z.string(), value: z.string(), updatedAt: z.string().nullable() }))),
          },
        },
      },
      async () => ok((await allConfig(ctx.db)).map((item) => ({ ...item, updatedAt: isoTime(item.updatedAt) }))),
    );

    app.post(
      '/admin/config/update',
      {
        config: { access: { codes: ['configList'] }, scope: 'any' },
        schema: {
          tags: ['config'],
          summary: 'Change a configuration value (e.g. exchangeRate)',
          body: z.object({ key: z.string(), value: z.string().trim() }),
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        if (!isConfigKey(request.body.key)) throw invalidFields({ key: 'configUnknown' });
        await setConfig(ctx.db, request.body.key, request.body.value);
        return ok(null);
      },
    );
  };
}
