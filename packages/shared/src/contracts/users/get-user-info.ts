import { defineContract } from '../contract.ts';
import { userInfoView } from './schemas.ts';

export const getUserInfo = defineContract({
  method: 'GET',
  path: '/user/info',
  summary: 'The signed-in user: profile, resource codes, roles and balances',
  tags: ['user'],
  access: 'signedIn',
  scope: 'own',
  answer: userInfoView,
});
