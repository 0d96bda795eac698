/**
 * First-run checklists (docs/api.md "First-run checklists"): what a new operator and a new merchant still
 * have to do, each step worked out from what exists, so a step is done as soon as its work is, wherever it
 * was done.
 */
import { ENABLED_STATUS, FUND_TYPE } from '@parcelport/shared';
import type { MerchantStep, OperatorStep } from '@parcelport/shared/contracts/config/checklists';
import type { AppContext } from '../../context.ts';

export async function operatorChecklist(ctx: AppContext): Promise<OperatorStep[]> {
  const state = await ctx.settings.state();
  const realChannel = await ctx.db
    .selectFrom('channels')
    .select('id')
    .where('is_demo', '=', 0)
    .where('status', '=', ENABLED_STATUS.enabled)
    .limit(1)
    .executeTakeFirst();
  const sysConfig = '/adminSettings/sysConfig';
  return [
    { step: 'payees', done: Object.values(state.values.payees).some((text) => text.trim() !== ''), path: sysConfig },
    { step: 'smtp', done: state.values.smtp.host !== '' || ctx.config.smtpUrl !== '', path: sysConfig },
    { step: 'realChannel', done: realChannel !== undefined, path: '/adminSettings/permission/carrierService' },
    // A fresh install lets anyone register: the step is done once the mode was ever saved or is not open.
    {
      step: 'registration',
      done: state.saved.includes('registration.mode') || state.values.registration.mode !== 'open',
      path: sysConfig,
    },
  ];
}

export async function merchantChecklist(ctx: AppContext, userId: number): Promise<MerchantStep[]> {
  const [sender, credited, labelled] = await Promise.all([
    ctx.db
      .selectFrom('address_book')
      .select('id')
      .where('user_id', '=', userId)
      .where('is_default_sender', '=', 1)
      .limit(1)
      .executeTakeFirst(),
    // A top-up approved, or funds staff put in the wallet.
    ctx.db
      .selectFrom('balance_logs')
      .select('id')
      .where('user_id', '=', userId)
      .where('type', 'in', [FUND_TYPE.recharge, FUND_TYPE.adjustment])
      .where('amount', '>', 0)
      .limit(1)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', userId)
      .where('label_created_at', 'is not', null)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return [
    { step: 'senderAddress', done: sender !== undefined, path: '/settings/addressbook' },
    { step: 'topUp', done: credited !== undefined, path: '/postage/recharge' },
    { step: 'firstLabel', done: labelled !== undefined, path: '/shipments/newOrder' },
  ];
}
