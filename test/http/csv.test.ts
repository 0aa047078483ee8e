/**
 * The CSV writer (src/http/csv.ts): RFC 4180 quoting, formula escaping of text and never of numbers,
 * and, for any texts at all, records that a strict reader (test/helpers/csv.ts) reads back as written.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { csvHeader, csvNumber, csvRecords, csvText, type CsvColumn } from '../../src/http/csv.js';
import { parseCsv } from '../helpers/csv.js';

test('quotes a field holding a comma, a double quote, a CR or an LF, doubling its double quotes', () => {
  assert.equal(csvText('plain text'), 'plain text');
  assert.equal(csvText('a, b'), '"a, b"');
  assert.equal(csvText('say "hi"'), '"say ""hi"""');
  assert.equal(csvText('two\nlines'), '"two\nlines"');
  assert.equal(csvText('two\r\nlines'), '"two\r\nlines"');
  assert.equal(csvText('"'), '""""');
  assert.equal(csvText(''), '');
  assert.equal(csvText(null), '');
});

test("a text that starts with = + - @ tab or CR gets a leading ', and is then quoted if it must be", () => {
  assert.equal(csvText('=SUM(1)'), "'=SUM(1)");
  assert.equal(csvText('+1'), "'+1");
  assert.equal(csvText('-1'), "'-1");
  assert.equal(csvText('@x'), "'@x");
  assert.equal(csvText('\tx'), "'\tx");
  assert.equal(csvText('\rx'), '"\'\rx"');
  assert.equal(csvText('=HYPERLINK("http://example.com","x")'), '"\'=HYPERLINK(""http://example.com"",""x"")"');
  assert.equal(csvText('a=1'), 'a=1', 'only the first character counts');
  assert.equal(csvText(' =1'), ' =1');
});

test('numbers are written as they are, negative ones included', () => {
  assert.equal(csvNumber(0), '0');
  assert.equal(csvNumber(1499), '1499');
  assert.equal(csvNumber(-1), '-1');
  assert.equal(csvNumber(null), '');
});

test('a header and records, each ended by CRLF; number columns never escaped, text columns always', () => {
  const columns: CsvColumn<{ name: string; amount: number | null }>[] = [
    { name: 'name', description: 'A name.', text: (row) => row.name },
    { name: 'amount', description: 'An amount.', number: (row) => row.amount },
  ];
  assert.equal(csvHeader(columns), 'name,amount\r\n');
  assert.equal(csvRecords(columns, [{ name: '-5', amount: -5 }, { name: 'a,b', amount: null }]), "'-5,-5\r\n\"a,b\",\r\n");
  assert.equal(csvRecords(columns, []), '');
});

test('any texts read back as written, but for the quote that keeps a formula from running', () => {
  const columns: CsvColumn<string[]>[] = [0, 1, 2].map((i) => ({ name: `c${i}`, description: '', text: (row: string[]) => row[i]! }));
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('=1', '+', '-', '@', '\t', '\r', '\n', '"', ',', '\r\n'))), (rows) => {
      const text = csvHeader(columns) + csvRecords(columns, rows);
      const [header, ...records] = parseCsv(text);
      assert.deepEqual(header, ['c0', 'c1', 'c2']);
      assert.deepEqual(
        records,
        rows.map((row) => row.map((field) => (/^[=+\-@\t\r]/.test(field) ? `'${field}` : field))),
      );
    }),
    { numRuns: 500 },
  );
});
