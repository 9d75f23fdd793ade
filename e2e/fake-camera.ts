import { writeFile } from 'node:fs/promises';
import QRCode from 'qrcode';

/**
 * Writes a short YUV4MPEG2 video of a QR code for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`): a 640×480 grey frame with the code in the middle,
 * repeated; Chromium loops it.
 */
export async function writeQrVideo(path: string, text: string): Promise<void> {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const scale = Math.floor(400 / (modules + 8));
  const size = (modules + 8) * scale;
  const left = Math.floor((width - size) / 2);
  const top = Math.floor((height - size) / 2);
  const luma = Buffer.alloc(width * height, 200);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const mx = Math.floor(x / scale) - 4;
      const my = Math.floor(y / scale) - 4;
      const dark = mx >= 0 && my >= 0 && mx < modules && my < modules && qr.modules.get(my, mx) === 1;
      luma[(top + y) * width + left + x] = dark ? 16 : 235;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F5:1 Ip A1:1 C420jpeg\n`);
  await writeFile(path, Buffer.concat([header, ...Array.from({ length: 5 }, () => frame)]));
}
