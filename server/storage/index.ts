import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Keys are random and never reused, so files can be cached forever. */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The URL the browser loads the file from. */
  url(key: string): string;
}

export const UPLOADS_PREFIX = '/uploads/';

/** Local disk under DATA_DIR/uploads, served by the app itself at /uploads/ (the default). */
export function localStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`invalid storage key ${key}`);
    return full;
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    url: (key) => `${UPLOADS_PREFIX}${key}`,
  };
}

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}
