import type { S3Client } from '@aws-sdk/client-s3';
import type { FileStorage } from './index';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Base URL the files are read from (a CDN, or the bucket's public URL). */
  publicUrl: string;
}

/**
 * S3 or an S3-compatible service (MinIO, R2, …) for uploaded files. The SDK is large: it loads
 * here, only when S3 is configured, not with every start on local storage.
 */
export async function s3Storage(options: S3Options): Promise<FileStorage> {
  const { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } = await import(
    '@aws-sdk/client-s3'
  );
  const client: S3Client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const base = options.publicUrl.replace(/\/+$/, '');
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
    url: (key) => `${base}/${key}`,
  };
}
