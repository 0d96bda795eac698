import { defineContract } from '../contract.ts';
import { packageTemplateInput, packageTemplateView } from './schemas.ts';

export const createPackageTemplate = defineContract({
  method: 'POST',
  path: '/app/user/packageTemplate',
  summary: 'Save a package template',
  tags: ['package templates'],
  access: { codes: ['templateAdd'] },
  scope: 'own',
  body: packageTemplateInput,
  answer: packageTemplateView,
});
