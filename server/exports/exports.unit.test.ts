import { Readable } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { toMajorText } from '../../common/money';
import { csvChunks, csvField } from './csv';
import type { Cell, Table } from './table';
import { answerCell, decimalCell } from './table';
import { xlsxStream } from './xlsx';

async function* inBatches(rows: Cell[][], size: number): AsyncGenerator<Cell[][]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
const table = (rows: Cell[][], size = 2): Table => ({
  columns: ['Name', 'Note', 'Count'],
  batches: inBatches(rows, size),
});

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('CSV', () => {
  it('quotes what needs quoting and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+351 999')).toBe("'+351 999");
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });

  it('writes amounts with their currency’s decimals, a negative one as a number, not as text', () => {
    const amount = (minor: number, currency: string) => csvField(decimalCell(toMajorText(minor, currency)));
    expect(amount(-1000, 'EUR')).toBe('-10.00');
    expect(amount(-20, 'EUR')).toBe('-0.20');
    expect(amount(3779, 'EUR')).toBe('37.79');
    expect(amount(-1500, 'JPY')).toBe('-1500');
    expect(amount(1234, 'BHD')).toBe('1.234');
    expect(() => decimalCell('=1+1')).toThrow();
  });

  it('writes a big batch in chunks well under the size V8 keeps in its large-object space', async () => {
    // 2,000 rows of about 120 characters: 240,000 characters in two batches of 1,000.
    const rows: Cell[][] = Array.from({ length: 2000 }, (_, i) => [`Row ${i} ${'x'.repeat(100)}`, null, i]);
    const chunks: string[] = [];
    for await (const chunk of csvChunks(table(rows, 1000))) chunks.push(chunk);
    const longest = Math.max(...chunks.map((chunk) => chunk.length));
    expect(longest).toBeLessThan(40 * 1024);
    expect(chunks.length).toBeGreaterThan(6);
    expect(chunks.join('')).toBe(
      `\uFEFFName,Note,Count\r\n${rows.map((row) => `${row[0]},,${row[2]}\r\n`).join('')}`,
    );
  });

  it('writes a header with a byte-order mark, then every batch', async () => {
    const rows: Cell[][] = [
      ['Zoë', 'a, b', 1],
      ['Rui', null, 2],
      ['Eva', 'x', 3],
    ];
    const text = (await bytes(Readable.from(csvChunks(table(rows))))).toString('utf8');
    expect(text).toBe('\uFEFFName,Note,Count\r\nZoë,"a, b",1\r\nRui,,2\r\nEva,x,3\r\n');
  });
});

describe('XLSX', () => {
  it('is a zip with a workbook and a sheet of inline strings and numbers', async () => {
    const rows: Cell[][] = [
      ['Zoë <&>', 'ctrl\u0001char', 1.5],
      ['Rui', null, 2],
      ['Eva', 'x', decimalCell('-0.20')],
    ];
    const files = unzipSync(new Uint8Array(await bytes(xlsxStream(table(rows), 'Attendees'))));
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(strFromU8(files['xl/workbook.xml'] as Uint8Array)).toContain('<sheet name="Attendees"');
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] as Uint8Array);
    expect(sheet.match(/<row>/g)).toHaveLength(4);
    expect(sheet).toContain('<t xml:space="preserve">Zoë &lt;&amp;&gt;</t>');
    expect(sheet).toContain('<t xml:space="preserve">ctrlchar</t>');
    expect(sheet).toContain('<c><v>1.5</v></c></row>');
    expect(sheet).toContain(
      '<c t="inlineStr"><is><t xml:space="preserve">Rui</t></is></c><c/><c><v>2</v></c>',
    );
    expect(sheet).toContain('<c><v>-0.20</v></c></row>');
    expect(sheet.endsWith('</sheetData></worksheet>')).toBe(true);
  });
});

describe('answers in a cell', () => {
  it('join lists and addresses', () => {
    expect(answerCell(['Veg', 'Gluten-free'])).toBe('Veg, Gluten-free');
    expect(
      answerCell({
        address_line_1: 'Rua A 1',
        address_line_2: '',
        city: 'Lisboa',
        state_or_region: '',
        zip_or_postal_code: '1100-001',
        country: 'PT',
      }),
    ).toBe('Rua A 1, 1100-001 Lisboa, PT');
    expect(answerCell(undefined)).toBeNull();
  });
});
