import { deletedAnswer, idsBody } from '../common.ts';
import { defineContract } from '../contract.ts';

export const deletePackageTemplates = defineContract({
  method: 'DELETE',
  path: '/app/user/packageTemplate',
  summary: 'Delete package templates',
  tags: ['package templates'],
  access: { codes: ['templateAdd'] },
  scope: 'own',
  body: idsBody,
  answer: deletedAnswer,
});
