import * as contracts from '@parcelport/shared/contracts/config/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { localeOf } from '../../i18n/messages.ts';
import { merchantChecklist, operatorChecklist } from './checklists.ts';
import { listSettingChanges, platformValues, sendTestMail, settingsView, updateSettings } from './service.ts';

/**
 * System configuration (resource code configList): the run-time settings, their history, the test mail;
 * and the first-run checklists of an operator and of a merchant.
 */
export function configRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.listConfig, () => settingsView(ctx));
    bind(app, contracts.updateConfig, (request) => updateSettings(ctx, authOf(request), request.body));
    bind(app, contracts.listConfigChanges, (request) => listSettingChanges(ctx, request.query));
    bind(app, contracts.sendTestMail, (request) =>
      sendTestMail(ctx, authOf(request), request.body.smtp, localeOf(request.headers['accept-language'])),
    );
    bind(app, contracts.platformValues, () => platformValues(ctx));
    bind(app, contracts.operatorChecklist, () => operatorChecklist(ctx));
    bind(app, contracts.merchantChecklist, (request) => merchantChecklist(ctx, authOf(request).userId));
    bind(app, contracts.registrationMode, async () => ({ mode: (await ctx.settings.current()).registration.mode }));
  };
}
