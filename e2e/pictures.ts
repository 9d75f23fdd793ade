import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** A plain PNG of one colour, made for a test: its bytes. */
export function plainPng({ width, height, colour }: { width: number; height: number; colour: string }) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** The same, written to a file of its own, for a file input to pick: its path. */
export async function plainPngFile(picture: { width: number; height: number; colour: string }) {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'tessera-picture-')), 'picture.png');
  await sharp(await plainPng(picture)).toFile(file);
  return file;
}
