import { z } from 'zod';

/** `GET /api/health` */
export const HealthResponse = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['pglite', 'postgresql']),
    version: z.string(),
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponse>;
