import * as contracts from '@parcelport/shared/contracts/config/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { bind } from '../../http/contract-route.ts';
import { isoTime } from '../../http/envelope.ts';
import { invalidFields } from '../../http/errors.ts';
import { allConfig, isConfigKey, setConfig } from './service.ts';

/** System configuration values (resource code configList). */
export function configRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.listConfig, async () =>
      (await allConfig(ctx.db)).map((item) => ({ ...item, updatedAt: isoTime(item.updatedAt) })),
    );
    bind(app, contracts.updateConfig, async (request) => {
      if (!isConfigKey(request.body.key)) throw invalidFields({ key: 'configUnknown' });
      await setConfig(ctx.db, request.body.key, request.body.value);
      return null;
    });
  };
}
