import { useEffect, useState } from 'react';
import { fetchAttachment } from '../api/attachments';

/**
 * An uploaded image (an avatar) ready for an <img>: its attachment URL needs the bearer token, so a plain
 * src would be refused; the image is fetched as a blob and shown from an object URL. null while loading,
 * without a URL, or when the fetch fails.
 */
export function useAttachmentImage(url: string | null | undefined): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) {
      setSrc(null);
      return;
    }
    let objectUrl: string | null = null;
    let live = true;
    fetchAttachment(url)
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => setSrc(null));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src;
}
