import * as products from '@parcelport/shared/contracts/products/index';
import * as rules from '@parcelport/shared/contracts/rules/index';
import * as tags from '@parcelport/shared/contracts/tags/index';
import { type CallOptions, call } from './call';

/** The shipping desk (issue 30): order tags, rules with their dry run, and product presets. */
export type { ProductInput, ProductView as Product } from '@parcelport/shared/contracts/products/index';
export type { DryRunAnswer, RuleInput, RuleView as Rule } from '@parcelport/shared/contracts/rules/index';
export type { TagView as Tag } from '@parcelport/shared/contracts/tags/index';

export const TAGS_KEY = 'tags';
export const RULES_KEY = 'rules';
export const PRODUCTS_KEY = 'products';

export const listTags = () => call(tags.listTags, {});
export const createTag = (body: tags.TagInput) => call(tags.createTag, { body });
export const setOrderTags = (ids: number[], add: number[], remove: number[] = []) =>
  call(tags.setOrderTags, { body: { ids, add, remove } });

export const listRules = () => call(rules.listRules, {});
export const createRule = (body: rules.RuleInput) => call(rules.createRule, { body });
export const updateRule = (id: number, body: rules.RuleInput) => call(rules.updateRule, { params: { id }, body });
export const setRuleActive = (id: number, active: boolean) =>
  call(rules.setRuleActive, { params: { id }, body: { active } });
export const reorderRules = (ids: number[]) => call(rules.reorderRules, { body: { ids } });
export const deleteRules = (ids: number[]) => call(rules.deleteRules, { body: { ids } });
export const dryRunRule = (rule: rules.RuleInput, limit = 200) => call(rules.dryRunRule, { body: { rule, limit } });

export const listProducts = (query: { page: number; pageSize: number; keyword?: string }, options: CallOptions = {}) =>
  call(products.listProducts, { query: { ...query } }, options);
export const createProduct = (body: products.ProductInput) => call(products.createProduct, { body });
export const updateProduct = (id: number, body: products.ProductInput) =>
  call(products.updateProduct, { params: { id }, body });
export const deleteProducts = (ids: number[]) => call(products.deleteProducts, { body: { ids } });
