/**
 * Gathers writes for many rows into one statement (a group commit): the first call writes at
 * once, and the calls that arrive while a write is under way go together in the next one. Each
 * call learns whether its row was written; `write` returns the ids it changed. A failed
 * statement fails every call it carried.
 */
export function groupWrites(
  write: (ids: number[]) => Promise<Set<number>>,
): (id: number) => Promise<boolean> {
  type Waiting = { id: number; resolve: (written: boolean) => void; reject: (error: unknown) => void };
  let queued: Waiting[] = [];
  let writing = false;

  async function drain(): Promise<void> {
    writing = true;
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      try {
        const written = await write(batch.map((item) => item.id));
        for (const item of batch) item.resolve(written.has(item.id));
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    writing = false;
  }

  return (id) =>
    new Promise<boolean>((resolve, reject) => {
      queued.push({ id, resolve, reject });
      if (!writing) void drain();
    });
}
