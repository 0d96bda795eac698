import { FileImageOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Button, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAttachment } from '../api/attachments';

interface Loaded {
  url: string;
  type: string;
}

/**
 * An uploaded file (a recharge voucher, a work order attachment). The attachment URL needs the bearer
 * token, so the file is fetched as a blob and shown from an object URL: an image in a preview modal, a PDF
 * embedded there with a link to open it. Test ids start with `testIdPrefix`.
 */
export function AttachmentLink({
  url,
  label,
  title,
  testIdPrefix,
}: {
  url: string | null;
  /** The link's text. */
  label: string;
  /** The preview's title. */
  title: string;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [file, setFile] = useState<Loaded | null>(null);

  useEffect(() => () => (file ? URL.revokeObjectURL(file.url) : undefined), [file]);

  if (!url) return <span>-</span>;

  const show = async () => {
    setOpen(true);
    if (file) return;
    setLoading(true);
    try {
      const blob = await fetchAttachment(url);
      setFile({ url: URL.createObjectURL(blob), type: blob.type });
    } catch {
      setOpen(false);
    } finally {
      setLoading(false);
    }
  };
  const isPdf = file?.type === 'application/pdf';

  return (
    <>
      <Button
        type="link"
        size="small"
        icon={<FileImageOutlined />}
        onClick={() => void show()}
        data-testid={`${testIdPrefix}-link`}
      >
        {label}
      </Button>
      <Modal
        open={open}
        title={title}
        footer={null}
        width={isPdf ? 860 : 640}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Spin spinning={loading}>
          <div style={{ minHeight: 120, textAlign: 'center' }} data-testid={`${testIdPrefix}-preview`}>
            {file && !isPdf && (
              <img
                src={file.url}
                alt={title}
                style={{ maxWidth: '100%', maxHeight: '70vh' }}
                data-testid={`${testIdPrefix}-preview-image`}
              />
            )}
            {file && isPdf && (
              <>
                <iframe src={file.url} title={title} style={{ width: '100%', height: '70vh', border: 0 }} />
                <a href={file.url} target="_blank" rel="noopener noreferrer">
                  <FilePdfOutlined /> {t('recharge.openPdf')}
                </a>
              </>
            )}
          </div>
        </Spin>
      </Modal>
    </>
  );
}

/** A recharge voucher. */
export function VoucherLink({ url }: { url: string | null }) {
  const { t } = useTranslation();
  return (
    <AttachmentLink url={url} label={t('recharge.viewVoucher')} title={t('recharge.voucher')} testIdPrefix="voucher" />
  );
}
