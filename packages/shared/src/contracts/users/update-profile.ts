import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { updateProfileBody } from './schemas.ts';

export const updateProfile = defineContract({
  method: 'POST',
  path: '/user/profile',
  member: 'settings',
  summary:
    'Change my profile: name, company, phone, WeChat, and my avatar (an image I uploaded, 500KB at most; null removes it)',
  tags: ['user'],
  access: 'signedIn',
  scope: 'own',
  body: updateProfileBody,
  answer: z.null(),
});
