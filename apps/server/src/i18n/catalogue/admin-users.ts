import type { Locale } from '@parcelport/shared';
import { columnMessages } from '@parcelport/shared';

/** The messages modules/admin-users speaks, in both languages (composed by ../messages.ts). */
export const ADMIN_USERS_MESSAGES = {
  notASeller: { 'zh-CN': '该账号不是业务员', 'en-US': 'This account is not a seller' },
  cannotActAsSelf: { 'zh-CN': '不能代登录自己', 'en-US': 'You cannot act as yourself' },
  accountHoldsMoney: {
    'zh-CN': '该账号仍有余额、保证金、押金或待退款，清零后才能删除',
    'en-US': 'The account still holds a balance, earnest, deposit or refund; it can be deleted once they are zero',
  },
  accountLabelInFlight: {
    'zh-CN': '该账号有面单正在购买或取消，完成后才能删除',
    'en-US': 'A label of this account is being bought or cancelled; it can be deleted once that is done',
  },
  accountOwnsCustomers: {
    'zh-CN': '该账号名下仍有客户，请先将他们转给其他账号',
    'en-US': 'Customers are registered under this account; move them to another owner first',
  },
  cannotChangeSelf: { 'zh-CN': '不能修改自己的状态', 'en-US': 'You cannot change your own status' },
  ...columnMessages('owner'),
  colBalance: { 'zh-CN': '美元余额', 'en-US': 'USD balance' },
  colCreditLimit: { 'zh-CN': '美元信用额度', 'en-US': 'USD credit limit' },
} satisfies Record<string, Record<Locale, string>>;
