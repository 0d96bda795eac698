import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, type RequestOptions } from '../api/request';
import { saveResponse } from '../utils/files';

/**
 * Downloads an export (xlsx) through the request client's download mode (docs/spec.md §7 isDownLoadFile), with
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
      await saveResponse(await download(url, { params }), filename);
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
