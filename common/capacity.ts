import { z } from 'zod';
import { LIMITS } from './limits';

export const CAPACITY_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

/** A shared limit across tickets (e.g. a 300-seat room for both day and VIP tickets). */
export const CapacityAssignmentRequest = z
  .strictObject({
    name: z.string().trim().min(1).max(LIMITS.nameMax),
    /** Empty means unlimited (the assignment only counts). */
    capacity: z.int().min(0).max(10_000_000).nullable().optional(),
    ticket_ids: z.array(z.int().positive()).min(1).max(500),
    status: z.enum(CAPACITY_STATUSES).default('ACTIVE'),
  })
  .meta({ id: 'CapacityAssignmentRequest' });
export type CapacityAssignmentRequest = z.input<typeof CapacityAssignmentRequest>;

export const CapacityAssignmentResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    capacity: z.number().int().nullable(),
    used_capacity: z.number().int(),
    ticket_ids: z.array(z.number().int()),
    status: z.enum(CAPACITY_STATUSES),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'CapacityAssignment' });
export type CapacityAssignmentResponse = z.infer<typeof CapacityAssignmentResponse>;
