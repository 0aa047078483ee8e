/**
 * Reading CSV in tests, strictly as RFC 4180 writes it, written apart from the server's writer
 * (src/http/csv.ts) so that a fault of one is not repeated by the other: every record ends with CRLF,
 * a quoted field doubles its quotes, and a quote anywhere else in a field is an error.
 */
import assert from 'node:assert/strict';

/** The records of `text`, each an array of fields. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let i = 0;
  while (i < text.length) {
    const record: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= text.length) throw new Error('a quoted field is not closed');
          if (text[i] === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          field += text[i++];
        }
      } else {
        while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
          if (text[i] === '"') throw new Error(`a double quote inside an unquoted field, at ${i}`);
          field += text[i++];
        }
      }
      record.push(field);
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text.startsWith('\r\n', i)) {
        i += 2;
        break;
      }
      throw new Error(`a record not ended by CRLF, at ${i}: ${JSON.stringify(text.slice(Math.max(0, i - 40), i + 40))}`);
    }
    records.push(record);
  }
  return records;
}

/** The header and the records of `text` as objects by column name; every record has the header's fields. */
export function csvRows(text: string): { header: string[]; rows: Array<Record<string, string>> } {
  const [header, ...records] = parseCsv(text);
  assert.ok(header !== undefined, 'the file has a header record');
  return {
    header,
    rows: records.map((record, n) => {
      assert.equal(record.length, header.length, `record ${n + 1} has ${record.length} fields, the header ${header.length}`);
      return Object.fromEntries(header.map((name, i) => [name, record[i]!]));
    }),
  };
}
