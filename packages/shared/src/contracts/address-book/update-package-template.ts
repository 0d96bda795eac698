import { idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { packageTemplateInput, packageTemplateView } from './schemas.ts';

export const updatePackageTemplate = defineContract({
  method: 'PUT',
  path: '/app/user/packageTemplate/:id(^\\d+)',
  summary: 'Rewrite a package template',
  tags: ['package templates'],
  access: { codes: ['templateAdd'] },
  scope: 'own',
  params: idParams,
  body: packageTemplateInput,
  answer: packageTemplateView,
});
