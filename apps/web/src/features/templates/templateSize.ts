import { unitsFor } from '@parcelport/shared';
import type { PackageTemplate } from '../../api/addressBook';
import { sizeText } from '../../utils/size';

/** A template's size in one line: 12 × 10 × 8 in. */
export function formatSize(template: Pick<PackageTemplate, 'length' | 'width' | 'height' | 'unit'>): string {
  return sizeText(template, unitsFor(template.unit).distanceUnit);
}
