import { Button, Modal, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EstimateSummary, JobProgressPanel } from '../BatchJob';

/** Batch rate: the job's progress, then each order's cheapest and fastest service. */
export function BatchRateModal({ jobId, onClose }: { jobId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [finished, setFinished] = useState(false);
  const onFinished = useCallback(() => setFinished(true), []);
  const close = () => {
    setFinished(false);
    onClose();
  };
  return (
    <Modal
      open={jobId !== null}
      title={t('batch.rate.title')}
      onCancel={close}
      width={860}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={close} data-testid="batch-rate-close">
          {t('common.close')}
        </Button>
      }
    >
      {jobId !== null && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="batch-rate">
          <JobProgressPanel jobId={jobId} onFinished={onFinished} />
          {finished && <EstimateSummary jobId={jobId} />}
        </Space>
      )}
    </Modal>
  );
}
