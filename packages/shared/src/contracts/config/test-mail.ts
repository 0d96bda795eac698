import { defineContract } from '../contract.ts';
import { testMailBody, testMailView } from './schemas.ts';

export const sendTestMail = defineContract({
  method: 'POST',
  path: '/admin/config/testMail',
  summary: "Send a test mail to the caller's address through the SMTP settings (saved, or the form's)",
  description:
    '`smtp` overrides the saved SMTP settings for this mail only (a blank password uses the saved one). Answers whether the SMTP server took it and what it said; 422 when no SMTP server is set at all.',
  tags: ['config'],
  access: { codes: ['configList'] },
  scope: 'any',
  signInOnly: true,
  body: testMailBody,
  answer: testMailView,
});
