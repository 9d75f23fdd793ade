import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';

/**
 * The fonts of PDF tickets, shipped as npm packages (nothing is fetched at run time): Noto Sans
 * for Latin, Greek and Cyrillic, and Noto Sans SC for Chinese (decision 031). A text is cut
 * into runs, each in the first font that has its characters, so a German name on a Chinese
 * ticket and a Chinese name on an English one both print.
 */
const require = createRequire(import.meta.url);

const FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  'cjk-regular': '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  'cjk-bold': '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

export type FontName = keyof typeof FILES;
export type Weight = 'regular' | 'bold';

interface LoadedFont {
  /** Parsed once and handed to every document, which keeps what it has laid out already. */
  font: Font;
  has(codePoint: number): boolean;
}

let loaded: Record<FontName, LoadedFont> | undefined;

/**
 * Reads and parses the four font files, once per process (some 22 MB, most of it Chinese), when
 * the first ticket is printed: fontkit is not loaded with every server start.
 */
export async function loadTicketFonts(): Promise<Record<FontName, LoadedFont>> {
  if (!loaded) {
    const { create } = await import('fontkit');
    const entries = Object.entries(FILES).map(([name, file]) => {
      const font = create(readFileSync(require.resolve(file)));
      return [name, { font, has: (codePoint: number) => font.hasGlyphForCodePoint(codePoint) }];
    });
    loaded = Object.fromEntries(entries) as Record<FontName, LoadedFont>;
  }
  return loaded;
}

/** The fonts `loadTicketFonts` read. */
function ticketFonts(): Record<FontName, LoadedFont> {
  if (!loaded) throw new Error('loadTicketFonts() first');
  return loaded;
}

export interface Run {
  font: FontName;
  text: string;
}

/**
 * `text` as runs of one font each. Spaces and punctuation both fonts have stay in the current
 * run; a character neither font has is left to the Latin font (it prints as a blank box).
 */
export function fontRuns(text: string, weight: Weight): Run[] {
  const fonts = ticketFonts();
  const latin: FontName = weight;
  const cjk: FontName = weight === 'bold' ? 'cjk-bold' : 'cjk-regular';
  const runs: Run[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const last = runs.at(-1);
    const font =
      last && fonts[last.font].has(codePoint)
        ? last.font
        : fonts[latin].has(codePoint) || !fonts[cjk].has(codePoint)
          ? latin
          : cjk;
    if (last && last.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}

/** The ink of PDF documents' text. */
export const INK = '#1f2133';

/** Where and how `write` sets a text. */
export interface TextStyle {
  x: number;
  y: number;
  size: number;
  weight?: Weight;
  color?: string;
  width: number;
}

/**
 * Writes `text` at (x, y) in runs of the fonts that have its characters (registered under their
 * `FontName`s); returns the height used.
 */
export function write(doc: PDFKit.PDFDocument, text: string, style: TextStyle) {
  const runs = fontRuns(text, style.weight ?? 'regular');
  doc.fontSize(style.size).fillColor(style.color ?? INK);
  const first = runs[0]?.font ?? 'regular';
  doc.font(first);
  const height = doc.heightOfString(text, { width: style.width });
  runs.forEach((run, index) => {
    doc.font(run.font);
    const options = { width: style.width, continued: index < runs.length - 1, lineGap: 1 };
    if (index === 0) doc.text(run.text, style.x, style.y, options);
    else doc.text(run.text, options);
  });
  return height;
}

/**
 * An A4 PDF with the fonts registered, and the bytes it will have once `doc.end()` is called.
 * pdfkit is loaded on first use: most processes (and every test file) never print a document.
 */
export async function newPdfDocument(info: { title: string; lang: string }) {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    lang: info.lang,
    info: { Title: info.title, Creator: 'Tessera' },
  });
  // pdfkit takes a parsed fontkit font as it takes a file (its types only know files).
  for (const [name, font] of Object.entries(await loadTicketFonts()))
    doc.registerFont(name, font.font as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
