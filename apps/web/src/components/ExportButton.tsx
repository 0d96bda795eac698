import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, type RequestOptions } from '../api/request';

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` or `filename="…"`). */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads an export (xlsx) through the request client's download mode (SPEC §7 isDownLoadFile), with
 * the same filters as the list on screen.
 */
export function ExportButton({
  url,
  params,
  filename,
  testId = 'export-button',
}: {
  url: string;
  params: RequestOptions['params'];
  filename: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [loading, setLoading] = useState(false);
  const run = async () => {
    setLoading(true);
    try {
      const response = await download(url, { params });
      saveBlob(await response.blob(), filenameOf(response.headers.get('content-disposition'), filename));
      message.success(t('export.done'));
    } catch {
      // the request client has shown why
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={loading} onClick={() => void run()} data-testid={testId}>
      {t('export.xlsx')}
    </Button>
  );
}
