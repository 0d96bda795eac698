import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { lookupZip } from '../../geo/zip-table.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';

const cityQuery = z.object({
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'zipFormat'),
});

/**
 * GET /api/app/user/address/getCity (SPEC §7): the city and state of a US ZIP, for filling the order
 * screen's addresses from the ZIP; a ZIP that is not known answers the 404 envelope.
 */
export function addressRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/app/user/address/getCity',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['orders'],
          summary: 'City and state of a US ZIP code (ZIP or ZIP+4)',
          querystring: cityQuery,
          response: {
            200: envelope(z.object({ city: z.string(), stateCode: z.string(), countryCode: z.string() })),
          },
        },
      },
      async (request) => {
        const found = lookupZip(request.query.zip);
        if (!found) throw notFound('zipNotFound');
        return ok(found);
      },
    );
  };
}
