import { defineContract } from '../contract.ts';
import { brandAnswer, brandBody } from './schemas.ts';

export const getBrand = defineContract({
  method: 'GET',
  path: '/app/brand',
  summary:
    "My brand on my recipients' tracking pages and mails, and the one they see while I have none (my seller's or proxy's)",
  tags: ['branding'],
  access: 'signedIn',
  scope: 'own',
  answer: brandAnswer,
});

export const saveBrand = defineContract({
  method: 'PUT',
  path: '/app/brand',
  member: 'settings',
  summary:
    'Sets my brand: name, logo (an image I uploaded), colour and support contact; a seller or proxy brands its customers with it',
  tags: ['branding'],
  access: 'signedIn',
  scope: 'own',
  body: brandBody,
  answer: brandAnswer,
});
