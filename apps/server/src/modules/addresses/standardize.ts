/**
 * USPS Publication 28 style standardisation of a US street line: upper case, street suffixes, directionals
 * and secondary unit designators abbreviated, punctuation dropped.
 */
const SUFFIXES: Record<string, string> = {
  ALLEY: 'ALY',
  AVENUE: 'AVE',
  AV: 'AVE',
  AVEN: 'AVE',
  BOULEVARD: 'BLVD',
  BOUL: 'BLVD',
  CIRCLE: 'CIR',
  CIRC: 'CIR',
  COURT: 'CT',
  CRT: 'CT',
  COVE: 'CV',
  CREEK: 'CRK',
  CRESCENT: 'CRES',
  DRIVE: 'DR',
  DRV: 'DR',
  EXPRESSWAY: 'EXPY',
  FREEWAY: 'FWY',
  HEIGHTS: 'HTS',
  HIGHWAY: 'HWY',
  HIWAY: 'HWY',
  JUNCTION: 'JCT',
  LANE: 'LN',
  LOOP: 'LOOP',
  MOTORWAY: 'MTWY',
  PARKWAY: 'PKWY',
  PKY: 'PKWY',
  PLACE: 'PL',
  PLAZA: 'PLZ',
  POINT: 'PT',
  ROAD: 'RD',
  ROUTE: 'RTE',
  SQUARE: 'SQ',
  STREET: 'ST',
  STR: 'ST',
  TERRACE: 'TER',
  TRAIL: 'TRL',
  TURNPIKE: 'TPKE',
  WAY: 'WAY',
  CROSSING: 'XING',
};
const DIRECTIONALS: Record<string, string> = {
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
};
const UNITS: Record<string, string> = {
  APARTMENT: 'APT',
  APT: 'APT',
  SUITE: 'STE',
  STE: 'STE',
  UNIT: 'UNIT',
  FLOOR: 'FL',
  FL: 'FL',
  ROOM: 'RM',
  RM: 'RM',
  BUILDING: 'BLDG',
  BLDG: 'BLDG',
  DEPARTMENT: 'DEPT',
  DEPT: 'DEPT',
  LOT: 'LOT',
  SPACE: 'SPC',
  TRAILER: 'TRLR',
  '#': '#',
};

function tokens(line: string): string[] {
  return line.toUpperCase().replace(/[.,]/g, ' ').replace(/#\s*/g, '# ').split(/\s+/).filter(Boolean);
}

/** The street line in standard form, with the unit (if written on it) split out. */
export function standardizeStreet(line: string): { street: string; unit: string } {
  const words = tokens(line);
  const unitAt = words.findIndex((word, index) => index > 0 && UNITS[word] !== undefined && index < words.length - 1);
  const streetWords = unitAt === -1 ? words : words.slice(0, unitAt);
  const unitWords = unitAt === -1 ? [] : words.slice(unitAt);
  const street = streetWords.map((word, index) => {
    if (DIRECTIONALS[word] && (index === 1 || index === streetWords.length - 1)) return DIRECTIONALS[word];
    if (index === streetWords.length - 1 || index === streetWords.length - 2) return SUFFIXES[word] ?? word;
    return word;
  });
  return { street: street.join(' '), unit: standardizeUnit(unitWords.join(' ')) };
}

/** "Apartment 4b" → "APT 4B", "# 12" → "# 12", "Suite 200" → "STE 200". */
export function standardizeUnit(line: string): string {
  const words = tokens(line);
  if (words.length === 0) return '';
  const [first, ...rest] = words as [string, ...string[]];
  return [UNITS[first] ?? first, ...rest].join(' ');
}

const PO_BOX = /\b(P\s*O|POST\s+OFFICE)\s*(BOX|B)\b|\bPOB\s+\d|\bBOX\s+\d+\s*$/i;
export const isPoBox = (line: string) => PO_BOX.test(line.replace(/\./g, ' ').replace(/\s+/g, ' '));

const MILITARY_STATES = ['AA', 'AE', 'AP'];
export const isMilitary = (stateCode: string, city: string) =>
  MILITARY_STATES.includes(stateCode.trim().toUpperCase()) || /^(APO|FPO|DPO)$/i.test(city.trim());
