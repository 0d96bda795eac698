import { type CarrierLatinField, isLatinText } from '@parcelport/shared';
import { Button, Form, type FormItemProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toPinyin } from '../../utils/pinyin';

/**
 * Under an address field a carrier reads: a warning while it holds other than Latin letters (the label purchase
 * refuses them, docs/api.md), with a button that rewrites the field's Chinese in pinyin.
 */
export function LatinHint({
  path,
  field,
  label,
  testId,
}: {
  path: FormItemProps['name'];
  field: CarrierLatinField;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const value = String(Form.useWatch(path as never, form) ?? '');
  const [converting, setConverting] = useState(false);
  if (isLatinText(value)) return null;

  const convert = async () => {
    setConverting(true);
    try {
      const converted = await toPinyin(value, field === 'personName');
      form.setFields([{ name: path as never, value: converted, touched: true }]);
      await form.validateFields([path as never]).catch(() => undefined);
    } finally {
      setConverting(false);
    }
  };

  return (
    <Typography.Text type="warning" data-testid={`${testId}-latin`}>
      {t('addressForm.latinNeeded', { field: label })}{' '}
      <Button
        size="small"
        type="link"
        loading={converting}
        onClick={() => void convert()}
        data-testid={`${testId}-pinyin`}
      >
        {t('addressForm.toPinyin')}
      </Button>
    </Typography.Text>
  );
}
