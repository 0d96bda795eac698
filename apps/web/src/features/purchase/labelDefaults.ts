import { type PlatformValues, SETTINGS } from '@parcelport/shared/contracts/config/index';
import { useQuery } from '@tanstack/react-query';
import { getPlatformValues } from '../../api/config';

/** What a new order and a new parcel start with (sysConfig's `label` group). */
export type LabelDefaults = PlatformValues['label'];

/** The settings' own defaults (docs/spec.md §9): used until the configured ones are known, or when they cannot be. */
export const BUILT_IN_LABEL_DEFAULTS: LabelDefaults = {
  size: SETTINGS.label.size.default,
  units: SETTINGS.label.units.default,
  packageCode: SETTINGS.label.packageCode.default,
};

/** The configured label defaults (GET /app/config/values, shared with the other screens that show settings). */
export function useLabelDefaults(): { defaults: LabelDefaults; loading: boolean } {
  const platform = useQuery({ queryKey: ['platformValues'], queryFn: getPlatformValues });
  // Loading only until the first answer or failure: a query without data goes back to pending while it is
  // asked again (a screen mounting after a failure), and the order form must not be taken down for that.
  const answered = platform.dataUpdatedAt > 0 || platform.errorUpdatedAt > 0;
  return { defaults: platform.data?.label ?? BUILT_IN_LABEL_DEFAULTS, loading: !answered };
}
