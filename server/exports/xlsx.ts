import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import type { Cell, Table } from './table';

// An .xlsx file is a zip of XML parts. This writes the smallest workbook spreadsheet programs
// open: one sheet whose strings are written inline, so no shared-string table has to be held
// in memory, and whose rows are compressed and sent as they are read.

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
const workbook = (sheetName: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const SHEET_START = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`;
const SHEET_END = '</sheetData></worksheet>';

// Characters XML 1.0 cannot carry at all.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what is removed.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function cellXml(value: Cell): string {
  if (value === null) return '<c/>';
  if (typeof value === 'number') return `<c><v>${value}</v></c>`;
  if (typeof value === 'object') return `<c><v>${value.decimal}</v></c>`;
  return `<c t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

const rowXml = (cells: Cell[]) => `<row>${cells.map(cellXml).join('')}</row>`;

/** The workbook of a table as a stream; it waits for the reader before reading more rows. */
export function xlsxStream(table: Table, sheetName: string): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const part = (name: string, xml: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(strToU8(xml), true);
  };
  const write = async () => {
    part('[Content_Types].xml', CONTENT_TYPES);
    part('_rels/.rels', ROOT_RELS);
    part('xl/workbook.xml', workbook(sheetName.slice(0, 31)));
    part('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
    const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
    zip.add(sheet);
    sheet.push(strToU8(SHEET_START + rowXml(table.columns)));
    for await (const batch of table.batches) {
      sheet.push(strToU8(batch.map(rowXml).join('')));
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      if (out.destroyed) return;
    }
    sheet.push(strToU8(SHEET_END), true);
    zip.end();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
