import { idParams } from '../common.ts';
import { defineContract, FILE_ANSWER } from '../contract.ts';

export const getAttachment = defineContract({
  method: 'GET',
  path: '/app/attachment/:id',
  summary:
    'Download an uploaded file (its owner; staff reviewing recharges or work orders; the merchant of a work order it is attached to)',
  tags: ['attachments'],
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  answer: FILE_ANSWER,
});
