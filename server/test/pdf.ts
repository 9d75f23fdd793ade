import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp from 'sharp';

/**
 * Reading a PDF back as a person's tools would: its text, page by page, with pdf.js (the
 * viewer browsers ship), and the QR codes on its pages, rendered by Poppler's `pdftoppm` (the
 * `poppler-utils` package) and decoded from the pixels with jsQR.
 */
export async function pdfText(pdf: Buffer): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 })
    .promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .replace(/[ \t]+/g, ' '),
    );
  }
  await document.destroy();
  return pages;
}

const run = promisify(execFile);

/** The first QR code found on each page, in page order (null where none decodes). */
export async function pdfQrCodes(pdf: Buffer): Promise<(string | null)[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-pdf-'));
  try {
    await writeFile(path.join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-r', '110', '-png', path.join(dir, 'in.pdf'), path.join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((name) => name.startsWith('page')).sort();
    const codes: (string | null)[] = [];
    for (const page of pages) {
      const { data, info } = await sharp(await readFile(path.join(dir, page)))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      codes.push(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null);
    }
    return codes;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The pixels of each page as Poppler renders it at `dpi` (RGB, 3 bytes a pixel, row by row). */
export async function pdfPagePixels(
  pdf: Buffer,
  dpi = 72,
): Promise<{ data: Buffer; width: number; height: number }[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-pdf-'));
  try {
    await writeFile(path.join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-r', String(dpi), '-png', path.join(dir, 'in.pdf'), path.join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((name) => name.startsWith('page')).sort();
    return Promise.all(
      pages.map(async (page) => {
        const { data, info } = await sharp(await readFile(path.join(dir, page)))
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        return { data, width: info.width, height: info.height };
      }),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Where the QR code of each page is and how big, in points (1/72 inch), read from the pixels as
 * a scanner would: the code's side, one module's side, and whether its quiet zone (four modules
 * all round) is blank white. Null for a page without a code that decodes.
 */
export async function pdfQrGeometry(
  pdf: Buffer,
): Promise<({ side: number; module: number; quietZoneClear: boolean } | null)[]> {
  const dpi = 144;
  const pages = await pdfPagePixels(pdf, dpi);
  return pages.map(({ data, width, height }) => {
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba.set([data[i * 3] ?? 0, data[i * 3 + 1] ?? 0, data[i * 3 + 2] ?? 0, 255], i * 4);
    }
    const found = jsQR(rgba, width, height);
    if (!found) return null;
    const { topLeftCorner: a, topRightCorner: b, bottomLeftCorner: c } = found.location;
    const sidePx = Math.hypot(b.x - a.x, b.y - a.y);
    const modules = 17 + 4 * found.version;
    const modulePx = sidePx / modules;
    const ring = Math.floor(4 * modulePx) - 1;
    const left = Math.round(Math.min(a.x, c.x));
    const top = Math.round(Math.min(a.y, b.y));
    const right = Math.round(left + sidePx);
    const bottom = Math.round(top + Math.hypot(c.x - a.x, c.y - a.y));
    let clear = true;
    for (let y = top - ring; y <= bottom + ring && clear; y++)
      for (let x = left - ring; x <= right + ring; x++) {
        const inside = x >= left - 2 && x <= right + 2 && y >= top - 2 && y <= bottom + 2;
        if (inside) continue;
        const at = (y * width + x) * 3;
        if ((data[at] ?? 0) < 200 || (data[at + 1] ?? 0) < 200 || (data[at + 2] ?? 0) < 200) {
          clear = false;
          break;
        }
      }
    const points = 72 / dpi;
    return { side: sidePx * points, module: modulePx * points, quietZoneClear: clear };
  });
}
