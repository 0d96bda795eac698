import { unitsFor } from '@parcelport/shared';
import type { PackageTemplate } from '../../api/addressBook';

/** A template's size in one line: 12 × 10 × 8 in. */
export function formatSize(template: Pick<PackageTemplate, 'length' | 'width' | 'height' | 'unit'>): string {
  return `${template.length} × ${template.width} × ${template.height} ${unitsFor(template.unit).distanceUnit}`;
}
