import { defineContract } from '../contract.ts';
import { registrationModeView } from './schemas.ts';

export const registrationMode = defineContract({
  method: 'GET',
  path: '/user/register/mode',
  summary: 'Whether registration is open, by invitation code only, or closed',
  tags: ['config'],
  access: 'public',
  answer: registrationModeView,
});
