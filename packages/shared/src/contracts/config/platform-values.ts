import { defineContract } from '../contract.ts';
import { platformValuesView } from './schemas.ts';

export const platformValues = defineContract({
  method: 'GET',
  path: '/app/config/values',
  summary: "The run-time settings a user's screens show: exchange rate, zone query fee, penalty, new orders' defaults",
  tags: ['config'],
  access: 'signedIn',
  scope: 'any',
  answer: platformValuesView,
});
