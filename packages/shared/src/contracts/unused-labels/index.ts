import { z } from 'zod';
import { defineContract } from '../contract.ts';

/** A merchant's switch for voiding and refunding labels never scanned (issue 28). */
export const unusedLabelSetting = z.object({ enabled: z.boolean() });

export const getUnusedLabelSetting = defineContract({
  method: 'GET',
  path: '/app/unusedLabels/setting',
  summary: 'Whether my labels never scanned are voided and refunded automatically',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  answer: unusedLabelSetting,
});

export const setUnusedLabelSetting = defineContract({
  method: 'PUT',
  path: '/app/unusedLabels/setting',
  member: 'settings',
  summary: 'Turn the automatic void of my unused labels on or off',
  tags: ['orders'],
  access: 'signedIn',
  scope: 'own',
  body: unusedLabelSetting,
  answer: unusedLabelSetting,
});
