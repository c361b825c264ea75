import { z } from 'zod';

/** Build settings from the environment, validated once. */
export const BuildOptionsSchema = z.object({
  BASE_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:4321')
    .transform((u) => u.replace(/\/+$/, '')),
  /** How many calendar days, ending at the newest review, get a prebuilt since file. */
  SINCE_WINDOW_DAYS: z.coerce.number().int().min(0).max(3660).default(31),
});
export type BuildOptions = z.infer<typeof BuildOptionsSchema>;

export function buildOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): BuildOptions {
  return BuildOptionsSchema.parse({ BASE_URL: env.BASE_URL || undefined, SINCE_WINDOW_DAYS: env.SINCE_WINDOW_DAYS || undefined });
}
