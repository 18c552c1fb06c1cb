import { z } from 'zod';

/** PUT and DELETE /api/stories/{id}/follow answer whether the member follows the story now. */
export const followStateSchema = z.object({ following: z.boolean() });
export type FollowState = z.infer<typeof followStateSchema>;
