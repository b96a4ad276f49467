import { z } from "../zod.ts";

/**
 * What anybody sees of a user (creator cards, portfolios). A module of its own so that the resources'
 * schemas can name it while the users' endpoints name the resources' (a profile lists a creator's
 * resources) without the two modules importing each other.
 */
export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  first_name: z.string(),
  avatar_locator: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
