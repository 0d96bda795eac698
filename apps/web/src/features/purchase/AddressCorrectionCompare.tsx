import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AddressCorrectionView } from '../../api/addressCorrection';
import { NO_VALUE } from '../../utils/shown';

const lineOf = (place: AddressCorrectionView['original']) =>
  [place.addressLine1, place.addressLine2, place.city, `${place.stateCode} ${place.zipCode}`, place.countryCode]
    .filter((part) => part.trim() !== '')
    .join(', ');

/** The address as entered beside the corrected one, and whether the carrier knows it as a home. */
export function AddressCorrectionCompare({ view }: { view: AddressCorrectionView }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} size="small" bordered data-testid="address-correction-compare">
      <Descriptions.Item label={t('addressCorrection.original')}>
        <span data-testid="address-correction-original">{lineOf(view.original)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('addressCorrection.corrected')}>
        <span data-testid="address-correction-corrected">{view.corrected ? lineOf(view.corrected) : NO_VALUE}</span>
        {view.residential !== null && (
          <Tag style={{ marginLeft: 8 }}>
            {t(view.residential ? 'addressCorrection.residential' : 'addressCorrection.business')}
          </Tag>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}
