import { download, http } from './request';

/** An uploaded file (POST /api/app/attachment/upload/image). */
export interface UploadedFile {
  id: number;
  name: string;
  mime: string;
  size: number;
  /** `/api/app/attachment/{id}`: needs the bearer token, so it is fetched as a blob. */
  url: string;
}

/** POST /api/app/attachment/upload/image, multipart field `file`; messages are the caller's to show. */
export function uploadAttachment(file: Blob, name: string) {
  const body = new FormData();
  body.append('file', file, name);
  return http.post<UploadedFile>('/app/attachment/upload/image', body, { isHideMsg: true });
}

/** The uploaded file as a blob (the attachment URL needs the bearer token, so no plain <img src>). */
export async function fetchAttachment(url: string): Promise<Blob> {
  const response = await download(url);
  return response.blob();
}
