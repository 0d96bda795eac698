import { PrinterOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Popover, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderFilter } from '../../api/orders';
import { downloadManifest } from '../../api/volume';

// The day's picker (antd's DatePicker) loads when the manifest's popover is first opened, not with the list.
const DayPicker = lazy(() => import('./DayPicker'));

/** The manifest: of the selected labels, or (nothing selected) of one day's labels of the list's mode. */
export function ManifestButton({ ids, mode }: { ids: number[]; mode?: OrderFilter['mode'] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState<Dayjs>(() => dayjs());
  const manifest = useMutation({
    mutationFn: (target: Parameters<typeof downloadManifest>[0]) => downloadManifest(target),
    onSuccess: () => setOpen(false),
  });
  if (ids.length > 0) {
    return (
      <Button
        icon={<PrinterOutlined />}
        loading={manifest.isPending}
        onClick={() => manifest.mutate({ ids })}
        data-testid="volume-manifest"
      >
        {t('volume.manifest')}
      </Button>
    );
  }
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title={t('volume.manifest.day')}
      content={
        <Space>
          <Suspense fallback={<Spin size="small" />}>
            <DayPicker value={date} onChange={setDate} />
          </Suspense>
          <Button
            type="primary"
            loading={manifest.isPending}
            onClick={() => manifest.mutate({ date: date.format('YYYY-MM-DD'), mode })}
            data-testid="volume-manifest-create"
          >
            {t('volume.manifest.create')}
          </Button>
        </Space>
      }
    >
      <Button icon={<PrinterOutlined />} data-testid="volume-manifest">
        {t('volume.manifest')}
      </Button>
    </Popover>
  );
}
