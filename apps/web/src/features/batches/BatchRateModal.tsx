import { Button, Modal, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EstimateSummary, JobProgressPanel } from './BatchJob';

/**
 * Batch rate: the job's progress, then each order's cheapest and fastest service. A job seen to its end
 * shows its results at once when it is opened again.
 */
export function BatchRateModal({ jobId, onClose }: { jobId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [finishedJob, setFinishedJob] = useState<number | null>(null);
  const onFinished = useCallback(() => setFinishedJob(jobId), [jobId]);
  return (
    <Modal
      open={jobId !== null}
      title={t('batch.rate.title')}
      onCancel={onClose}
      width={860}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="batch-rate-close">
          {t('common.close')}
        </Button>
      }
    >
      {jobId !== null && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="batch-rate">
          <JobProgressPanel key={jobId} jobId={jobId} onFinished={onFinished} />
          {finishedJob === jobId && <EstimateSummary jobId={jobId} />}
        </Space>
      )}
    </Modal>
  );
}
