import { pageOf } from '../common.ts';
import { defineContract } from '../contract.ts';
import { changeHistoryQuery, changeView, TEAM_CALLS } from './schemas.ts';

export const listChangeHistory = defineContract({
  ...TEAM_CALLS,
  method: 'GET',
  path: '/app/team/history',
  summary: "The merchant's change history: every change by the owner, a member or staff acting, newest first",
  query: changeHistoryQuery,
  answer: pageOf(changeView),
});
