import * as products from '@parcelport/shared/contracts/products/index';
import { type CallOptions, call } from './call';

/** The shipping desk (issue 30): order tags, rules with their dry run, and product presets. */
export type { ProductInput, ProductView as Product } from '@parcelport/shared/contracts/products/index';
export type { DryRunAnswer, RuleInput, RuleView as Rule } from '@parcelport/shared/contracts/rules/index';
export type { TagView as Tag } from '@parcelport/shared/contracts/tags/index';

export const TAGS_KEY = 'tags';
export const RULES_KEY = 'rules';
export const PRODUCTS_KEY = 'products';

/** The products in the shape the record list takes (a page query and the call's options). */
export const listProducts = (query: { page: number; pageSize: number; keyword?: string }, options: CallOptions = {}) =>
  call(products.listProducts, { query: { ...query } }, options);
