import { type MassUnit, toOunces } from '@parcelport/shared';
import { Alert, Button, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdjustmentRisk } from '../../api/orders';
import { Money } from '../../components/Money';
import { NO_VALUE } from '../../utils/shown';
import type { ParcelFormValue } from './ParcelEditor';

/** "12 x 10 x 8 in" as its sides and unit; null for anything else (a bill that gave no size). */
export function sidesOf(size: string): { length: number; width: number; height: number; unit: 'in' | 'cm' } | null {
  const match = /^([\d.]+) x ([\d.]+) x ([\d.]+) (in|cm)$/.exec(size.trim());
  if (!match) return null;
  return { length: Number(match[1]), width: Number(match[2]), height: Number(match[3]), unit: match[4] as 'in' | 'cm' };
}

/**
 * The measures the carrier billed last time as a parcel's new values, in the parcel's own units where they
 * convert (the weight), else the bill's (the sides); only what the bill gave.
 */
export function billedMeasures(
  risk: AdjustmentRisk,
  parcel: Pick<ParcelFormValue, 'massUnit'>,
): Partial<ParcelFormValue> {
  const values: Partial<ParcelFormValue> = {};
  if (risk.billedWeightOz !== null) {
    const perUnit = toOunces(1, parcel.massUnit as MassUnit);
    values.weight = Math.round((risk.billedWeightOz / perUnit) * 100) / 100;
  }
  const sides = sidesOf(risk.billedSize);
  if (sides)
    Object.assign(values, { length: sides.length, width: sides.width, height: sides.height, distanceUnit: sides.unit });
  return values;
}

/** Whether the bill gave measures a parcel can take. */
export const hasBilledMeasures = (risk: AdjustmentRisk) =>
  risk.billedWeightOz !== null || sidesOf(risk.billedSize) !== null;

const ounces = (oz: number | null) => (oz === null ? NO_VALUE : `${oz} oz`);

/**
 * Adjustment risk before a purchase (issue 30): the carrier corrected most labels of this SKU or package, so
 * this one will likely be billed more later; what it may cost, and the measures billed last time beside the
 * declared ones, with the offer to use them.
 */
export function AdjustmentRiskAlert({ risk, onUse }: { risk: AdjustmentRisk; onUse?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="adjustment-risk"
      title={
        <span>
          {t('adjustmentRisk.title')} <Money amount={risk.expectedExtra} />
        </span>
      }
      description={
        <Space orientation="vertical" size={4} style={{ width: '100%' }}>
          <Typography.Text>
            {t(`adjustmentRisk.why.${risk.basis}`, { key: risk.key, corrected: risk.corrected, labels: risk.labels })}
          </Typography.Text>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'declared',
                label: t('adjustmentRisk.declared'),
                children: `${ounces(risk.declaredWeightOz)} · ${risk.declaredSize || NO_VALUE}`,
              },
              {
                key: 'billed',
                label: t('adjustmentRisk.billed'),
                children: (
                  <span data-testid="adjustment-risk-billed">
                    {ounces(risk.billedWeightOz)} · {risk.billedSize || NO_VALUE}
                  </span>
                ),
              },
            ]}
          />
          {onUse && hasBilledMeasures(risk) && (
            <Button size="small" onClick={onUse} data-testid="adjustment-risk-use">
              {t('adjustmentRisk.use')}
            </Button>
          )}
        </Space>
      }
    />
  );
}
