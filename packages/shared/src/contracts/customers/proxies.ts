import { idParams, pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import {
  proxyCustomersQuery,
  proxyCustomerView,
  proxyListQuery,
  proxyUpdateAnswer,
  proxyUpdateBody,
  proxyView,
} from './schemas.ts';

/**
 * Proxy users (docs/spec.md §2 /adminSettings/proxyUser): accounts holding the proxy role, who resell to the
 * customers registered under them with a markup on the platform's price and are credited the difference.
 */
export const listProxies = defineContract({
  method: 'GET',
  // docs/spec.md §7 spells it so.
  path: '/admin/getPoxyUserList',
  summary:
    'Proxies with their markup, customers, labels and commission in the period, and balance; a proxy sees only itself',
  tags: ['proxies'],
  access: { codes: ['proxyUser'] },
  scope: 'ownCustomers',
  query: proxyListQuery,
  answer: pageOf(proxyView),
});

export const updateProxy = defineContract({
  method: 'POST',
  path: '/admin/proxyUpdate/:id(^\\d+)',
  summary:
    "Set a proxy's markup (percentage and fixed amount per label, never negative) and its invitation code; a proxy may set its own",
  tags: ['proxies'],
  access: { codes: ['proxyUser'] },
  scope: 'ownCustomers',
  params: idParams,
  body: proxyUpdateBody,
  answer: proxyUpdateAnswer,
});

export const listProxyCustomers = defineContract({
  method: 'GET',
  path: '/admin/proxy/customers',
  summary:
    "A proxy's customers with their labels, spend and the proxy's commission in the period (staff name the proxy with proxyId)",
  tags: ['proxies'],
  access: { codes: ['proxyUser'] },
  scope: 'ownCustomers',
  query: proxyCustomersQuery,
  answer: pageOf(proxyCustomerView),
});
