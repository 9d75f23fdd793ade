/**
 * A formatted date or time with plain spaces. Engines disagree on the thin and narrow no-break
 * spaces (U+2009, U+202F) that recent Unicode data puts around ranges and before "PM": Node
 * writes them, Chromium writes plain spaces. The event page is rendered by the server and then
 * by the browser (decision 026), and the two must read the same, so both write plain spaces.
 */
export const plainSpaces = (text: string): string => text.replace(/[\u2009\u202F]/g, ' ');
