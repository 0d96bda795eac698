import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface ZipTable {
  /** ZIP (US) or FSA (Canada) → row. */
  rows: Map<string, number>;
  latitude: Float64Array;
  longitude: Float64Array;
  city: string[];
  state: string[];
  country: string[];
}

let table: ZipTable | null = null;

/**
 * The zipcodes package's data (US ZIPs and Canadian FSAs), read once on first use into columns. Loading the
 * package itself would keep its 5 MB source, its compiled code and 43,000 objects resident (~70 MB of a
 * server's memory); the columns take a few MB. Its data files hold one `exports.codes = {…};` line of JSON.
 */
function zipTable(): ZipTable {
  if (table) return table;
  const require = createRequire(import.meta.url);
  type Entry = { latitude: number; longitude: number; city: string; state: string; country: string };
  const entries: [string, Entry][] = [];
  for (const file of ['zipcodes/lib/codes.js', 'zipcodes/lib/codesCanada.js']) {
    const prefix = 'exports.codes = ';
    const line = readFileSync(require.resolve(file), 'utf8')
      .split('\n')
      .find((text) => text.startsWith(prefix));
    if (!line) throw new Error(`no ZIP codes in ${file}`);
    const codes = JSON.parse(line.slice(prefix.length, line.lastIndexOf(';'))) as Record<string, Entry>;
    entries.push(...Object.entries(codes));
  }
  const names = new Map<string, string>();
  const shared = (text: string) => {
    const known = names.get(text);
    if (known !== undefined) return known;
    names.set(text, text);
    return text;
  };
  const built: ZipTable = {
    rows: new Map(),
    latitude: new Float64Array(entries.length),
    longitude: new Float64Array(entries.length),
    city: [],
    state: [],
    country: [],
  };
  for (const [row, [key, entry]] of entries.entries()) {
    // A later file wins, as in the package's Object.assign.
    built.rows.set(key, row);
    built.latitude[row] = entry.latitude;
    built.longitude[row] = entry.longitude;
    built.city.push(shared(entry.city));
    built.state.push(shared(entry.state));
    built.country.push(shared(entry.country));
  }
  table = built;
  return built;
}

let centres: Map<string, { lat: number; lon: number }> | null = null;

/** Centre of each US ZIP3 (the mean of its ZIPs' coordinates), built once from the zipcodes data. */
export function zip3Centres(): Map<string, { lat: number; lon: number }> {
  if (centres) return centres;
  const zips = zipTable();
  const sums = new Map<string, { lat: number; lon: number; n: number }>();
  for (const [zip, row] of zips.rows) {
    if (zips.country[row] !== 'US' || !/^\d{5}$/.test(zip)) continue;
    const key = zip.slice(0, 3);
    const sum = sums.get(key) ?? { lat: 0, lon: 0, n: 0 };
    sum.lat += zips.latitude[row] as number;
    sum.lon += zips.longitude[row] as number;
    sum.n += 1;
    sums.set(key, sum);
  }
  centres = new Map([...sums].map(([key, sum]) => [key, { lat: sum.lat / sum.n, lon: sum.lon / sum.n }]));
  return centres;
}

/**
 * City and state of a US ZIP (or a Canadian postal code, by its first three characters, as the zipcodes
 * package looks them up), for filling addresses and checking them.
 */
export function lookupZip(zip: string): { city: string; stateCode: string; countryCode: string } | null {
  const code = zip.trim().slice(0, 5);
  const zips = zipTable();
  const row = zips.rows.get(Number.isNaN(Number(code.charAt(0))) ? code.slice(0, 3) : code);
  if (row === undefined) return null;
  return {
    city: zips.city[row] as string,
    stateCode: zips.state[row] as string,
    countryCode: zips.country[row] as string,
  };
}
