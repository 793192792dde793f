import { describe, expect, it } from 'vitest';
import { csvFields, parseGoldPriceCsv, rupeesTextToPaise } from './gold-price-csv.js';

describe('the gold price CSV', () => {
  it('reads a header and one price a row, in rupees to the paisa', () => {
    expect(
      parseGoldPriceCsv('date,purity,pricePerGram\n2026-11-20,916,7250.50\n2026-11-20,999,7900\n'),
    ).toEqual([
      { date: '2026-11-20', purity: 916, pricePerGramPaise: 7_250_50, line: 2 },
      { date: '2026-11-20', purity: 999, pricePerGramPaise: 7_900_00, line: 3 },
    ]);
  });

  it('takes the columns in any order and case, a byte-order mark, CRLF, quotes and blank lines', () => {
    const text =
      '\uFEFFPricePerGram, Date ,PURITY\r\n"7,250.5",2026-11-20,916\r\n\r\n"₹1,00,000",2026-11-19,999\r\n';
    expect(parseGoldPriceCsv(text)).toEqual([
      { date: '2026-11-20', purity: 916, pricePerGramPaise: 7_250_50, line: 2 },
      { date: '2026-11-19', purity: 999, pricePerGramPaise: 1_00_000_00, line: 4 },
    ]);
  });

  it.each([
    ['', 'The file is empty'],
    ['\n\n', 'The file is empty'],
    ['date,purity,pricePerGram\n', 'The file has no prices: add one row per price under the header'],
    [
      'date,purity,price\n2026-11-20,916,7250',
      'Line 1: the header must name the columns date,purity,pricePerGram',
    ],
    ['2026-11-20,916,7250\n', 'Line 1: the header must name the columns date,purity,pricePerGram'],
    ['date,purity,pricePerGram,note\n', 'Line 1: the header must name the columns date,purity,pricePerGram'],
    [
      'date,purity,pricePerGram\n2026-11-20,916\n',
      'Line 2: expected 3 values (date,purity,pricePerGram), found 2',
    ],
    [
      'date,purity,pricePerGram\n2026-11-20,916,7250\n20-11-2026,916,7250\n',
      'Line 3: date "20-11-2026" is not a date in the form YYYY-MM-DD',
    ],
    [
      'date,purity,pricePerGram\n2026-02-30,916,7250\n',
      'Line 2: date "2026-02-30" is not a date in the form YYYY-MM-DD',
    ],
    [
      'date,purity,pricePerGram\n2026-11-20,22K,7250\n',
      'Line 2: purity "22K" must be a fineness such as 916',
    ],
    [
      'date,purity,pricePerGram\n2026-11-20,916,7250.505\n',
      'Line 2: price "7250.505" must be rupees a gram with at most 2 decimals, such as 7250.50',
    ],
    [
      'date,purity,pricePerGram\n2026-11-20,916,"7250,5"\n',
      'Line 2: price "7250,5" must be rupees a gram with at most 2 decimals, such as 7250.50',
    ],
    [
      'date,purity,pricePerGram\n2026-11-20,916,-7250\n',
      'Line 2: price "-7250" must be rupees a gram with at most 2 decimals, such as 7250.50',
    ],
  ])('refuses %j: "%s"', (text, message) => {
    expect(() => parseGoldPriceCsv(text)).toThrow(message);
  });

  it('counts lines as a spreadsheet does: blank lines keep their numbers', () => {
    expect(() => parseGoldPriceCsv('date,purity,pricePerGram\n\n\n2026-11-20,916,abc\n')).toThrow('Line 4:');
  });

  it('splits quoted fields and reads grouped rupees exactly', () => {
    expect(csvFields('a,"b,c","d ""e"""')).toEqual(['a', 'b,c', 'd "e"']);
    expect(rupeesTextToPaise('0.01')).toBe(1);
    expect(rupeesTextToPaise('7250.5')).toBe(7_250_50);
    expect(rupeesTextToPaise('1,00,000')).toBe(1_00_000_00);
    expect(rupeesTextToPaise('100,000.25')).toBe(1_00_000_25);
    expect(rupeesTextToPaise('7,25')).toBeNull();
    expect(rupeesTextToPaise('1e4')).toBeNull();
    expect(rupeesTextToPaise('')).toBeNull();
  });
});
