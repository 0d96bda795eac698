import { defineContract } from '../contract.ts';
import { uploadedFileView } from './schemas.ts';

export const uploadAttachment = defineContract({
  method: 'POST',
  path: '/app/attachment/upload/image',
  summary: 'Upload an image or PDF (multipart field `file`, 500KB at most)',
  tags: ['attachments'],
  access: 'signedIn',
  scope: 'own',
  body: 'multipart',
  answer: uploadedFileView,
});
