import sharp from 'sharp';

/** A plain PNG of `width` × `height`, made here: the images tests upload nothing else. */
export const pngImage = (width: number, height: number, background = '#3b3fb6') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/**
 * A multipart body as the organizer's image form sends it: the image's `type` field and the file,
 * each left out when not given (to test their absence). The file's part says `contentType`,
 * `application/octet-stream` unless told: the server reads what the bytes are, not the label.
 */
export function imageUpload(fields: {
  type?: string;
  /** A product's picture names the product. */
  ticket_id?: string | number;
  image?: { body: Buffer; filename: string; contentType?: string };
}) {
  const boundary = 'tessera-test-boundary';
  const chunks: Buffer[] = [];
  for (const name of ['type', 'ticket_id'] as const) {
    if (fields[name] === undefined) continue;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${fields[name]}\r\n`,
      ),
    );
  }
  if (fields.image) {
    const { body, filename, contentType = 'application/octet-stream' } = fields.image;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      body,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
