import { defineContract } from '../contract.ts';
import { noticeSettingsBody, noticeSettingsView, noticeTryBody, renderedNotice } from './schemas.ts';

export const getNoticeSettings = defineContract({
  method: 'GET',
  path: '/app/recipientNotices',
  summary: 'Which events my recipients are mailed on, in which language, and the templates',
  tags: ['branding'],
  access: 'signedIn',
  scope: 'own',
  answer: noticeSettingsView,
});

export const saveNoticeSettings = defineContract({
  method: 'PUT',
  path: '/app/recipientNotices',
  member: 'settings',
  summary: 'Switches the recipient notices per event and sets their templates in both languages',
  tags: ['branding'],
  access: 'signedIn',
  scope: 'own',
  body: noticeSettingsBody,
  answer: noticeSettingsView,
});

export const previewNotice = defineContract({
  method: 'POST',
  path: '/app/recipientNotices/preview',
  summary: 'A notice template rendered with a sample parcel under my brand (nothing is sent)',
  tags: ['branding'],
  access: 'signedIn',
  scope: 'own',
  readOnly: true,
  body: noticeTryBody,
  answer: renderedNotice,
});

export const sendTestNotice = defineContract({
  method: 'POST',
  path: '/app/recipientNotices/test',
  member: 'settings',
  summary: "Mails a notice template, rendered with a sample parcel, to my own account's address",
  tags: ['branding'],
  access: 'signedIn',
  scope: 'own',
  body: noticeTryBody,
  answer: renderedNotice,
});
