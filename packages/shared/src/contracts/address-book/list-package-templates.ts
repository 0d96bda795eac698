import { pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import { keywordListQuery, packageTemplateView } from './schemas.ts';

export const listPackageTemplates = defineContract({
  method: 'GET',
  path: '/app/user/packageTemplate/list',
  summary: 'My package templates by name; keyword over the name',
  tags: ['package templates'],
  access: { codes: ['templateAdd'] },
  scope: 'own',
  query: keywordListQuery,
  answer: pageOf(packageTemplateView),
});
