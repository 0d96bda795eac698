import { CodeSandboxOutlined } from '@ant-design/icons';
import { unitsFor } from '@parcelport/shared';
import { Form, Select, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { listPackageTemplates, PACKAGE_TEMPLATES_KEY, type PackageTemplate } from '../../api/addressBook';
import { usePickList } from '../../components/usePickList';
import { formatSize } from '../templates';
import type { ParcelFormValue } from './ParcelEditor';

/** A template applied to a parcel: its size, weight and units, and its quantity as the item count. */
export function parcelFieldsOf(template: PackageTemplate): Partial<ParcelFormValue> {
  const units = unitsFor(template.unit);
  return {
    length: template.length,
    width: template.width,
    height: template.height,
    weight: template.weight,
    massUnit: units.massUnit,
    distanceUnit: units.distanceUnit,
    packageAmount: template.quantity,
  };
}

/** Whether a parcel holds exactly what the template would give it (so the picker can name it). */
function holds(parcel: Partial<ParcelFormValue> | undefined, template: PackageTemplate): boolean {
  if (!parcel) return false;
  return Object.entries(parcelFieldsOf(template)).every(
    ([field, value]) => parcel[field as keyof ParcelFormValue] === value,
  );
}

/** "Apply package template" on a parcel of the order form (`parcels[index]`): a searchable pick. */
export function TemplatePicker({ index, onApplied }: { index: number; onApplied?: () => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const parcel = Form.useWatch(['parcels', index], form) as Partial<ParcelFormValue> | undefined;
  const templates = usePickList(PACKAGE_TEMPLATES_KEY, listPackageTemplates);
  const matched = [...templates.all, ...templates.found].find((template) => holds(parcel, template));

  const apply = (id: number) => {
    const template = [...templates.found, ...templates.all].find((item) => item.id === id);
    if (!template) return;
    form.setFields(
      Object.entries(parcelFieldsOf(template)).map(([field, value]) => ({
        name: ['parcels', index, field],
        value,
        errors: [],
      })),
    );
    onApplied?.();
  };

  return (
    <Select<{ value: number; label: string }>
      labelInValue
      size="small"
      showSearch={{ filterOption: false, onSearch: templates.setKeyword }}
      value={matched ? { value: matched.id, label: matched.name } : undefined}
      onChange={(option) => apply(option.value)}
      placeholder={
        <span>
          <CodeSandboxOutlined /> {t('packageTemplate.apply')}
        </span>
      }
      aria-label={t('packageTemplate.apply')}
      style={{ width: 200 }}
      popupMatchSelectWidth={300}
      notFoundContent={
        templates.loading ? (
          <Spin size="small" />
        ) : (
          <Typography.Text type="secondary" data-testid={`parcel-${index}-template-empty`}>
            {t(templates.failed ? 'packageTemplate.pickFailed' : 'packageTemplate.none')}
          </Typography.Text>
        )
      }
      options={templates.found.map((template) => ({ value: template.id, label: template.name, template }))}
      optionRender={(option) => {
        const template = option.data.template as PackageTemplate;
        const units = unitsFor(template.unit);
        return (
          <div data-testid={`parcel-${index}-template-option-${template.id}`}>
            <Typography.Text strong>{template.name}</Typography.Text>
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('packageTemplate.summary', {
                  size: formatSize(template),
                  weight: `${template.weight} ${units.massUnit}`,
                  items: template.quantity,
                })}
              </Typography.Text>
            </div>
          </div>
        );
      }}
      data-testid={`parcel-${index}-template`}
    />
  );
}
