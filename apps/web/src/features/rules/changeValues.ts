import { rateChoice } from '@parcelport/shared/contracts/rate-choice';
import type { RuleField } from '@parcelport/shared/contracts/rules/index';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../components/Money';
import { yesNo } from '../../i18n';
import { NO_VALUE } from '../../utils/shown';

/** A service the merchant may be given, by id: its name as the editor's service picker shows it. */
export type ServiceNames = ReadonlyMap<number, string>;

/** A rate-shopping choice as the API records it on an order (`{"kind":"cheapestWithin","days":3}`), in words. */
function rateChoiceText(recorded: string, t: TFunction): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(recorded);
  } catch {
    return recorded;
  }
  const choice = rateChoice.safeParse(parsed);
  if (!choice.success) return recorded;
  switch (choice.data.kind) {
    case 'cheapestWithin':
      return t('rules.rateShown.cheapestWithin', { days: choice.data.days });
    case 'cheapestOf':
      return t('rules.rateShown.cheapestOf', { carriers: choice.data.carriers.join(', ') });
    default:
      return t(`rules.rate.${choice.data.kind}`);
  }
}

/**
 * A value of a dry run's change as a merchant reads it: the API gives each as it stores it (a service's id, a
 * rate choice's JSON, a signature option's code, `yes`/`no`), in no language; a package's size and tag names
 * are words already. Nothing before (a field the order did not set) is a dash.
 */
export function changeValueText(field: RuleField, value: string, t: TFunction, services: ServiceNames): string {
  if (value === '') return NO_VALUE;
  switch (field) {
    case 'hold':
      return yesNo(value === 'yes', t);
    case 'signature':
      return t(`rules.signature.${value}`);
    case 'service':
      return services.get(Number(value)) ?? `#${value}`;
    case 'rateChoice':
      return rateChoiceText(value, t);
    case 'insurance':
      return formatMoney(value);
    default:
      return value;
  }
}
