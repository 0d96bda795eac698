/** A box's size on one line, with its unit where it has one: `12 × 10 × 8 in`. */
export function sizeText(box: { length: number; width: number; height: number }, distanceUnit?: string): string {
  return `${box.length} × ${box.width} × ${box.height}${distanceUnit ? ` ${distanceUnit}` : ''}`;
}
