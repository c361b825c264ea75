import { z } from 'zod';
import { CalendarDateSchema, SlugSchema } from '../schemas/primitives.ts';

/** A job record from the owner's CRM or spreadsheet, with names resolved to catalog ids. */
export const JobSchema = z
  .object({
    id: z.string().min(1),
    customer: z.string().min(1),
    address: z.string().optional(),
    town: z.string().optional(),
    completedOn: CalendarDateSchema,
    technicians: z.array(SlugSchema),
    services: z.array(SlugSchema),
    serviceArea: SlugSchema.optional(),
    invoiceId: z.string().optional(),
  })
  .strict();
export type Job = z.infer<typeof JobSchema>;

/** Columns of the jobs CSV (docs/import.md); the first three are required. */
export const JOB_CSV_COLUMNS = ['job_id', 'customer_name', 'completed_on', 'address', 'town', 'technicians', 'services', 'invoice_id'] as const;
