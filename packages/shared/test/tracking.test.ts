import { describe, expect, test } from 'vitest';
import {
  fedexCheckDigit,
  formatTracking,
  gs1CheckDigit,
  isValidFedex,
  isValidTracking,
  isValidUps,
  isValidUsps,
  makeFedexTracking,
  makeUpsTracking,
  makeUspsImpb,
  upsCheckDigit,
  uspsBarcodeData,
} from '../src/tracking.ts';

/** Every variant of `value` with one character changed to another allowed character. */
function oneCharMutations(value: string, alphabet: string, from = 0): string[] {
  const out: string[] = [];
  for (let i = from; i < value.length; i++) {
    for (const c of alphabet) if (c !== value[i]) out.push(value.slice(0, i) + c + value.slice(i + 1));
  }
  return out;
}

const DIGITS = '0123456789';
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('UPS 1Z', () => {
  test('accepts published sample numbers', () => {
    for (const n of ['1Z999AA10123456784', '1Z5R89390357567127', '1Z410E7W0392751591', '1Z8V92A70367203024']) {
      expect(isValidUps(n), n).toBe(true);
    }
    expect(isValidUps('1z999aa1 0123456784')).toBe(true);
  });

  test('makes the published sample from its parts', () => {
    expect(makeUpsTracking('999AA1', '01', '2345678')).toBe('1Z999AA10123456784');
    expect(makeUpsTracking('999aa1', '01', 2345678)).toBe('1Z999AA10123456784');
    expect(upsCheckDigit('999AA1012345678')).toBe(4);
  });

  test('pads the package id and every made number is valid', () => {
    const made = makeUpsTracking('A1B2C3', '03', 42);
    expect(made).toMatch(/^1ZA1B2C3030000042\d$/);
    for (let id = 0; id < 500; id++) expect(isValidUps(makeUpsTracking('X9Y8Z7', '02', id * 7919))).toBe(true);
  });

  test('changing one character invalidates it unless the change is invisible to mod 10', () => {
    const value = (c: string) => (/\d/.test(c) ? Number(c) : (c.charCodeAt(0) - 63) % 10);
    for (const n of ['1Z999AA10123456784', makeUpsTracking('R0W9K2', '03', 1234567)]) {
      const mutations = oneCharMutations(n, ALNUM, 2).filter((m) => /^1Z[0-9A-Z]{15}\d$/.test(m));
      expect(mutations.length).toBeGreaterThan(500);
      let caught = 0;
      for (const m of mutations) {
        const i = [...m].findIndex((c, k) => c !== n[k]);
        // Position i (0-based in the whole number) is doubled when (i - 2) is odd; the check digit counts once.
        const weight = i < 17 && (i - 2) % 2 === 1 ? 2 : 1;
        // The rule's blind spots: a letter standing for the same value (A and K are both 2), and on a doubled
        // position two values 5 apart (2*9 = 18 and 2*4 = 8). Every other change must be refused.
        const invisible = (weight * (value(m[i]!) - value(n[i]!))) % 10 === 0;
        expect(isValidUps(m), m).toBe(invisible);
        if (!invisible) caught++;
        // A changed digit on an undoubled position is always caught.
        if (weight === 1 && /\d/.test(m[i]!) && /\d/.test(n[i]!)) expect(isValidUps(m), m).toBe(false);
      }
      expect(caught).toBeGreaterThan(mutations.length * 0.7);
    }
  });

  test('refuses malformed input', () => {
    for (const bad of ['', '1Z999AA1012345678', '1Z999AA101234567845', '2Z999AA10123456784', '1Z999AA1012345678X']) {
      expect(isValidUps(bad), bad).toBe(false);
    }
    expect(() => makeUpsTracking('12345', '01', 1)).toThrow();
    expect(() => makeUpsTracking('123456', '1', 1)).toThrow();
    expect(() => makeUpsTracking('123456', '01', 12345678)).toThrow();
  });
});

describe('USPS IMpb', () => {
  test('accepts published sample numbers', () => {
    for (const n of [
      '9205590164917312751089',
      '9400111201080805483016',
      '9361289878700317633795',
      '9405511899223197428490',
      '9400 1096 9993 9938 2235 64',
      '71123456789123456787',
    ]) {
      expect(isValidUsps(n), n).toBe(true);
    }
  });

  test('makes a 22-digit number with channel id 92, service type, Mailer ID, serial and GS1 check digit', () => {
    const n = makeUspsImpb('001', '902123456', 1234567);
    expect(n).toBe('9200190212345612345678');
    expect(n).toHaveLength(22);
    expect(gs1CheckDigit(n.slice(0, 21))).toBe(8);
    expect(makeUspsImpb('055', '901234567', 7)).toMatch(/^92055901234567000000[7]\d$/);
    for (let s = 0; s < 500; s++)
      expect(isValidUsps(makeUspsImpb('001', '987654321', (s * 104729) % 10_000_000))).toBe(true);
  });

  test('GS1 mod-10 weighs 3,1 from the right', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(gs1CheckDigit('0001234560001')).toBe(2); // 3*1 + 6*3 + 5 + 4*3 + 3 + 2*3 + 1 = 48 → 2
  });

  test('changing any one digit invalidates it', () => {
    for (const n of ['9205590164917312751089', makeUspsImpb('612', '900000001', 31337)]) {
      const mutations = oneCharMutations(n, DIGITS);
      expect(mutations).toHaveLength(22 * 9);
      for (const m of mutations) expect(isValidUsps(m), m).toBe(false);
    }
  });

  test('reads the scanned IMpb barcode text with its 420 ZIP routing prefix', () => {
    expect(isValidUsps('42090210' + '9205590164917312751089')).toBe(true);
    expect(isValidUsps('420902101234' + '9205590164917312751089')).toBe(true);
    expect(isValidUsps('42090210' + '9205590164917312751088')).toBe(false);
  });

  test('builds the GS1-128 barcode data with AI 420 and AI 92', () => {
    expect(uspsBarcodeData('90210', '9205590164917312751089')).toBe('(420)90210(92)05590164917312751089');
    expect(uspsBarcodeData('90210-1234', '9205590164917312751089')).toBe('(420)90210(92)05590164917312751089');
    expect(() => uspsBarcodeData('9021', '9205590164917312751089')).toThrow();
    expect(() => uspsBarcodeData('90210', '9205590164917312751088')).toThrow();
  });

  test('refuses malformed input', () => {
    for (const bad of ['', '920559016491731275108', '92055901649173127510891', '9205590164917312751O89']) {
      expect(isValidUsps(bad), bad).toBe(false);
    }
    expect(() => makeUspsImpb('01', '902123456', 1)).toThrow();
    expect(() => makeUspsImpb('001', '90212345', 1)).toThrow();
    expect(() => makeUspsImpb('001', '902123456', 12345678)).toThrow();
  });
});

describe('FedEx 12-digit', () => {
  test('accepts published sample numbers', () => {
    for (const n of ['986578788855', '477179081230', '799531274483', '568838414941', '797806677146']) {
      expect(isValidFedex(n), n).toBe(true);
    }
  });

  test('makes the check digit with weights 1,3,7 from the right, sum mod 11, 10 as 0', () => {
    expect(fedexCheckDigit('98657878885')).toBe(5);
    expect(makeFedexTracking('98657878885')).toBe('986578788855');
    expect(makeFedexTracking(7)).toBe('000000000077');
    // 00000000019: 9*1 + 1*3 = 12 → 1; 00000000030: 3*3 = 9; 00000000109: 9 + 0 + 7 = 16 → 5.
    expect(fedexCheckDigit('00000000019')).toBe(1);
    expect(fedexCheckDigit('00000000030')).toBe(9);
    expect(fedexCheckDigit('00000000109')).toBe(5);
    // 00000000031: 1 + 9 = 10 → remainder 10 is written 0.
    expect(fedexCheckDigit('00000000031')).toBe(0);
    for (let s = 0; s < 500; s++) expect(isValidFedex(makeFedexTracking(s * 15485863))).toBe(true);
  });

  test('changing any one digit invalidates it, except where the remainder 10 is folded to 0', () => {
    for (const n of ['986578788855', '477179081230', makeFedexTracking('12345678901')]) {
      for (const m of oneCharMutations(n, DIGITS)) {
        // mod 11 with 10 folded to 0 cannot tell a sum ≡ 10 from a sum ≡ 0: a mutation that moves the sum
        // between those two classes keeps the check digit 0. Only then may it stay valid.
        const valid = isValidFedex(m);
        if (valid) {
          expect(m[11]).toBe('0');
          expect(n[11]).toBe('0');
        }
      }
      const wrongCheck = oneCharMutations(n, DIGITS, 11);
      for (const m of wrongCheck) expect(isValidFedex(m), m).toBe(false);
    }
    // With a non-zero check digit no single change passes.
    for (const m of oneCharMutations('986578788855', DIGITS)) expect(isValidFedex(m), m).toBe(false);
  });

  test('refuses malformed input', () => {
    for (const bad of ['', '98657878885', '9865787888551', 'A86578788855']) expect(isValidFedex(bad), bad).toBe(false);
    expect(() => makeFedexTracking('123456789012')).toThrow();
  });
});

describe('by carrier', () => {
  test('dispatches to the carrier rule', () => {
    expect(isValidTracking('UPS', '1Z999AA10123456784')).toBe(true);
    expect(isValidTracking('USPS', '1Z999AA10123456784')).toBe(false);
    expect(isValidTracking('USPS', '9205590164917312751089')).toBe(true);
    expect(isValidTracking('FEDEX', '9205590164917312751089')).toBe(false);
    expect(isValidTracking('FEDEX', '986578788855')).toBe(true);
    expect(isValidTracking('UPS', '986578788855')).toBe(false);
  });

  test('formats for print in groups', () => {
    expect(formatTracking('USPS', '9205590164917312751089')).toBe('9205 5901 6491 7312 7510 89');
    expect(formatTracking('FEDEX', '986578788855')).toBe('9865 7878 8855');
    expect(formatTracking('UPS', '1Z999AA10123456784')).toBe('1Z 999 AA1 01 2345 678 4');
  });
});
