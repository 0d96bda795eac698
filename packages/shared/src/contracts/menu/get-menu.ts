import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { menuItem } from './schemas.ts';

export const getMenu = defineContract({
  method: 'POST',
  path: '/user/menu',
  summary: 'The menu the signed-in user may see',
  tags: ['user'],
  access: 'signedIn',
  scope: 'own',
  // A POST for the old clients' sake: it reads the menu and changes nothing.
  readOnly: true,
  answer: z.array(menuItem),
});
