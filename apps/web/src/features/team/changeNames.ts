/**
 * The change history's calls in words (issue 30): each kept call (method and path, ids as `{id}`) named as the
 * merchant knows the act, by a catalogue key `changeHistory.op.<name>`. A call not named here shows as the call.
 */
const NAMED_CALLS: Record<string, string> = {
  'POST /api/app/order/draft': 'draft',
  'POST /api/app/order/label/create': 'buyLabel',
  'POST /api/app/order/label/batchCreateMix': 'buyLabels',
  'POST /api/app/order/cancel': 'cancelOrders',
  'POST /api/app/order/cancelRestore': 'restoreOrders',
  'POST /api/app/order/backToDraft': 'backToDraft',
  'POST /api/app/order/order/copy': 'copyOrder',
  'POST /api/app/order/import': 'importOrders',
  'POST /api/app/order/releaseHold': 'releaseHold',
  'POST /api/app/order/tags': 'tagOrders',
  'POST /api/app/order/addressCorrection/{id}': 'addressCorrection',
  'POST /api/app/order/addressCorrection/{id}/confirm': 'addressCorrection',
  'POST /api/app/zone/query': 'zoneQuery',
  'POST /api/app/user/recharge': 'recharge',
  'POST /api/app/returns': 'draftReturn',
  'POST /api/app/returns/{id}/buy': 'buyReturn',
  'POST /api/app/claim': 'claim',
  'POST /api/app/bills/lines/{id}/dispute': 'dispute',
  'POST /api/app/pickups': 'bookPickup',
  'POST /api/app/pickups/{id}/cancel': 'cancelPickup',
  'POST /api/app/user/address': 'addAddress',
  'PUT /api/app/user/address/{id}': 'changeAddress',
  'DELETE /api/app/user/address': 'deleteAddresses',
  'POST /api/app/user/packageTemplate': 'addTemplate',
  'PUT /api/app/user/packageTemplate/{id}': 'changeTemplate',
  'DELETE /api/app/user/packageTemplate': 'deleteTemplates',
  'POST /api/app/products': 'addProduct',
  'PUT /api/app/products/{id}': 'changeProduct',
  'DELETE /api/app/products': 'deleteProducts',
  'POST /api/app/rules': 'addRule',
  'PUT /api/app/rules/{id}': 'changeRule',
  'PUT /api/app/rules/{id}/active': 'switchRule',
  'PUT /api/app/rules/order': 'orderRules',
  'DELETE /api/app/rules': 'deleteRules',
  'POST /api/app/tags': 'addTag',
  'PUT /api/app/tags/{id}': 'changeTag',
  'DELETE /api/app/tags': 'deleteTags',
  'POST /api/app/stores/shopify': 'connectStore',
  'POST /api/app/stores/woocommerce': 'connectStore',
  'POST /api/app/stores/{id}/sync': 'syncStore',
  'DELETE /api/app/stores/{id}': 'disconnectStore',
  'POST /api/app/user/apiKey': 'addKey',
  'POST /api/app/user/apiKey/{id}/roll': 'rollKey',
  'DELETE /api/app/user/apiKey/{id}': 'deleteKey',
  'POST /api/app/webhooks/endpoints': 'addWebhook',
  'PUT /api/app/webhooks/endpoints/{id}': 'changeWebhook',
  'POST /api/app/webhooks/endpoints/{id}/rotate': 'rotateWebhook',
  'POST /api/app/team/members': 'inviteMember',
  'PUT /api/app/team/members/{id}': 'changeMember',
  'POST /api/app/team/members/{id}/resend': 'resendInvitation',
  'DELETE /api/app/team/members/{id}': 'removeMember',
  'PUT /api/app/brand': 'brand',
  'PUT /api/app/recipientNotices': 'recipientNotices',
  'PUT /api/app/unusedLabels/setting': 'unusedLabels',
  'PUT /api/app/user/addressCorrection': 'addressCorrectionMode',
  'POST /api/user/profile': 'profile',
  'POST /api/user/updatePassword': 'password',
  'POST /api/app/workOrder': 'openWorkOrder',
  'POST /api/app/workOrder/{id}/reply': 'replyWorkOrder',
  'POST /api/app/workOrder/{id}/close': 'closeWorkOrder',
  'POST /api/app/workOrder/{id}/reopen': 'reopenWorkOrder',
  'POST /api/app/workOrder/{id}/cancel': 'cancelWorkOrder',
};

/** Every name a call may have, for the catalogue's test. */
export const CHANGE_NAMES: readonly string[] = [...new Set(Object.values(NAMED_CALLS))];

/** The catalogue key naming a kept call, or null when it has no name. */
export function changeNameKey(method: string, path: string): string | null {
  const pattern = path.replace(/\/\d+(?=\/|$)/g, '/{id}');
  const name = NAMED_CALLS[`${method} ${pattern}`];
  return name ? `changeHistory.op.${name}` : null;
}
