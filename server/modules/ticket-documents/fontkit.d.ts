/** The part of fontkit (pdfkit's font engine) that PDF tickets use: does a font have a character. */
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(data: Buffer): Font;
}
