import * as contracts from '@parcelport/shared/contracts/attachments/index';
import { call } from './call';
import { download } from './request';

/** An uploaded file; its `url` needs the bearer token, so it is fetched as a blob. */
export type { UploadedFile } from '@parcelport/shared/contracts/attachments/schemas';

/** Uploads an image or PDF (multipart field `file`); messages are the caller's to show. */
export function uploadAttachment(file: Blob, name: string) {
  const body = new FormData();
  body.append('file', file, name);
  return call(contracts.uploadAttachment, { body }, { isHideMsg: true });
}

/** The uploaded file as a blob (the attachment URL needs the bearer token, so no plain <img src>). */
export async function fetchAttachment(url: string): Promise<Blob> {
  const response = await download(url);
  return response.blob();
}
