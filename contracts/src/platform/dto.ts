import { z } from 'zod';

/** GET /api/ready: stores open and projections caught up (200), or why not (503). */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  reasons: z.array(z.string()),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** GET /api/config: what the web app learns at run time instead of at build time. */
export const runtimeConfigSchema = z.object({
  productName: z.string(),
  publicUrl: z.string(),
  analyticsId: z.string().nullable(),
  adsClient: z.string().nullable(),
  /** `label`: the provider's name, as the button says "Continue with {label}". */
  externalSignIn: z.object({ enabled: z.boolean(), label: z.string() }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
