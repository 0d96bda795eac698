/**
 * First-run checklists (docs/api.md "First-run checklists"): what a new operator and a new merchant still
 * have to do, each step worked out from what exists, so a step is done as soon as its work is, wherever it
 * was done.
 */
import type { MerchantStep, OperatorStep } from '@parcelport/shared/contracts/config/checklists';
import type { AppContext } from '../../context.ts';
import { defaultSenderOf, firstCredit, firstLabelledOrder, firstRealChannel } from './checklists-repo.ts';

export async function operatorChecklist(ctx: AppContext): Promise<OperatorStep[]> {
  const state = await ctx.settings.state();
  const realChannel = await firstRealChannel(ctx.db);
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
    defaultSenderOf(ctx.db, userId),
    firstCredit(ctx.db, userId),
    firstLabelledOrder(ctx.db, userId),
  ]);
  return [
    // The address book opened on a new entry meant as the default sender.
    { step: 'senderAddress', done: sender !== undefined, path: '/settings/addressbook?new=sender' },
    { step: 'topUp', done: credited !== undefined, path: '/postage/recharge' },
    { step: 'firstLabel', done: labelled !== undefined, path: '/shipments/newOrder' },
  ];
}
