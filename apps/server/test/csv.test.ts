import { describe, expect, test } from 'vitest';
import { parseCsv, readSheet } from '../src/carriers/ratecard/import.ts';

describe('csv files as staff and merchants upload them (RFC 4180)', () => {
  test('plain fields are trimmed, rows end at LF, CRLF or CR, and blank rows are dropped', () => {
    expect(parseCsv('a, b ,c\r\n1,2,3\n\n4,5,6\r7,8,9')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
      ['4', '5', '6'],
      ['7', '8', '9'],
    ]);
  });

  test('quoted fields keep their commas, line breaks and doubled quotes', () => {
    expect(parseCsv('name,note\n"Doe, Jane","says ""hi""\nthen leaves"\n')).toEqual([
      ['name', 'note'],
      ['Doe, Jane', 'says "hi"\nthen leaves'],
    ]);
  });

  test('a field partly quoted is joined, an empty quoted field is empty, a last row without newline is read', () => {
    expect(parseCsv('ab"c,d"e,"",x\n1,2')).toEqual([
      ['abc,de', '', 'x'],
      ['1', '2'],
    ]);
  });

  test('a quote never closed takes the rest of the file', () => {
    expect(parseCsv('a,"b,c\nd')).toEqual([['a', 'b,c\nd']]);
  });

  test("a UTF-8 byte order mark (Excel's csv) is not part of the first header", async () => {
    const cells = await readSheet(Buffer.from('\uFEFFTracking number,Amount\n1Z1,2.00\n'), 'bill.csv');
    expect(cells[0]).toEqual(['Tracking number', 'Amount']);
  });
});
