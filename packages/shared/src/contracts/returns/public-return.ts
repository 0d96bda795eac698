import { defineContract, FILE_ANSWER } from '../contract.ts';
import { publicReturn, publicReturnLabelQuery, publicReturnParams } from './schemas.ts';

/** The public return page (no sign-in): the link's unguessable id alone finds it. */
export const getPublicReturn = defineContract({
  method: 'GET',
  path: '/public/returns/:link',
  summary: 'A return label to print, by its return link (no sign-in; only what printing needs)',
  tags: ['returns'],
  access: 'public',
  params: publicReturnParams,
  answer: publicReturn,
});

export const downloadPublicReturnLabel = defineContract({
  method: 'GET',
  path: '/public/returns/:link/label',
  summary: 'The return label as a file (PDF or ZPL), by its return link',
  tags: ['returns'],
  access: 'public',
  params: publicReturnParams,
  query: publicReturnLabelQuery,
  answer: FILE_ANSWER,
});

export const downloadPublicReturnQrCode = defineContract({
  method: 'GET',
  path: '/public/returns/:link/qr',
  summary: "The carrier's QR code of the return label (PNG), where the carrier offers one, by its return link",
  tags: ['returns'],
  access: 'public',
  params: publicReturnParams,
  answer: FILE_ANSWER,
});
