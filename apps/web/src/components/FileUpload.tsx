import { DeleteOutlined, FilePdfOutlined, InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { UPLOAD_LIMIT_BYTES, UPLOAD_MIME_TYPES } from '@parcelport/shared';
import { App, Button, Image, Space, Tag, Typography, Upload, type UploadProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type UploadedFile, uploadAttachment } from '../api/attachments';
import { ApiError } from '../api/request';

interface Preview {
  url: string;
  isPdf: boolean;
}

/** Why the upload may not start: the file's type or size (docs/spec.md §5: 500KB at most, images and PDF). */
export function refusalOf(file: { type: string; size: number }): 'upload.typeInvalid' | 'upload.tooLarge' | null {
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) return 'upload.typeInvalid';
  if (file.size > UPLOAD_LIMIT_BYTES) return 'upload.tooLarge';
  return null;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * One file (an image or PDF of at most 500KB: a recharge voucher, a work order attachment), refused here
 * before any upload, sent to POST /api/app/attachment/upload/image (multipart `file`, bearer token through
 * the request client) and previewed from the local file. The form value is the uploaded attachment.
 * `dragger` is a drop zone with a thumbnail; `button` is a compact attach button with the file as a tag
 * (a reply box). Test ids start with `testIdPrefix`.
 */
export function FileUpload({
  value,
  onChange,
  variant = 'dragger',
  testIdPrefix = 'file',
}: {
  value?: UploadedFile | null;
  onChange?: (value: UploadedFile | null) => void;
  variant?: 'dragger' | 'button';
  testIdPrefix?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const id = (suffix: string) => `${testIdPrefix}-${suffix}`;

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);
  // The form was reset: drop the preview too.
  useEffect(() => {
    if (!value) setPreview(null);
  }, [value]);

  const remove = () => {
    setPreview(null);
    onChange?.(null);
  };

  const uploadProps: UploadProps = {
    accept: UPLOAD_MIME_TYPES.join(','),
    multiple: false,
    maxCount: 1,
    showUploadList: false,
    disabled: uploading,
    beforeUpload: (file) => {
      const refusal = refusalOf(file);
      if (!refusal) return true;
      message.error(<span data-testid="upload-refused">{t(refusal)}</span>);
      return Upload.LIST_IGNORE;
    },
    customRequest: ({ file, onSuccess, onError }) => {
      const picked = file as File;
      setUploading(true);
      uploadAttachment(picked, picked.name)
        .then((uploaded) => {
          onSuccess?.(uploaded);
          if (variant === 'dragger') {
            setPreview({ url: URL.createObjectURL(picked), isPdf: uploaded.mime === 'application/pdf' });
          }
          onChange?.(uploaded);
          message.success(<span data-testid="upload-success">{t('upload.success')}</span>);
        })
        .catch((error: unknown) => {
          onError?.(error as Error);
          const reason = error instanceof ApiError ? (error.fields.file ?? error.message) : '';
          message.error(
            <span data-testid="upload-failed">
              {reason && reason !== t('upload.failed') ? t('upload.failedBecause', { reason }) : t('upload.failed')}
            </span>,
          );
        })
        .finally(() => setUploading(false));
    },
  };

  if (variant === 'button') {
    return (
      <span data-testid={id('upload')}>
        {value ? (
          <Tag
            icon={<PaperClipOutlined />}
            closable
            onClose={(event) => {
              event.preventDefault();
              remove();
            }}
            closeIcon={<DeleteOutlined data-testid={id('remove')} aria-label={t('upload.remove')} />}
            style={{ marginInlineEnd: 0, paddingBlock: 2 }}
            data-testid={id('name')}
          >
            {value.name} · {kb(value.size)}
          </Tag>
        ) : (
          <Upload {...uploadProps}>
            <Button icon={<PaperClipOutlined />} loading={uploading} data-testid={id('attach')}>
              {uploading ? t('upload.uploading') : t('upload.attach')}
            </Button>
          </Upload>
        )}
      </span>
    );
  }

  return (
    <div data-testid={id('upload')}>
      {!value && (
        <Upload.Dragger {...uploadProps} data-testid={id('dragger')}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{uploading ? t('upload.uploading') : t('upload.drop')}</p>
          <p className="ant-upload-hint">{t('upload.hint')}</p>
        </Upload.Dragger>
      )}
      {value && (
        <Space align="start" size={16} data-testid={id('preview-local')}>
          {preview && !preview.isPdf ? (
            <Image
              src={preview.url}
              alt={value.name}
              width={120}
              height={120}
              style={{ objectFit: 'cover', borderRadius: 6 }}
              data-testid={id('thumbnail')}
            />
          ) : (
            <a href={preview?.url} target="_blank" rel="noopener noreferrer">
              <FilePdfOutlined style={{ fontSize: 48 }} />
            </a>
          )}
          <Space orientation="vertical" size={4}>
            <Typography.Text strong data-testid={id('name')}>
              {value.name}
            </Typography.Text>
            <Typography.Text type="secondary">{kb(value.size)}</Typography.Text>
            <Button size="small" icon={<DeleteOutlined />} onClick={remove} data-testid={id('remove')}>
              {t('upload.remove')}
            </Button>
          </Space>
        </Space>
      )}
    </div>
  );
}
