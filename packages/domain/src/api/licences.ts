import { LICENCE_LIMITS } from "../rules/licences.ts";
import { z } from "../zod.ts";
import { defineEndpoints } from "./endpoint.ts";
import { publicUserSchema } from "./public-user.ts";
import { uuidParamsSchema } from "./shared.ts";

/**
 * Licences for colleagues (issue 23). A purchase (`seats` on the purchase calls) of more than one seat is a
 * licence: the buyer holds the first seat, and gives the others to colleagues by username or e-mail
 * address. The rules are rules/licences.ts's. Instants are ISO strings; amounts integer cents.
 */

/** The resource a licence is for, as the licences page links to it. */
const licensedResourceSchema = z.object({
  id: z.string(),
  /** Its address: /resources/{name}. */
  name: z.string(),
  title: z.string(),
  isBundle: z.boolean(),
  cover_locator: z.string().nullable(),
});

/** A colleague's seat: held by an account, or waiting for an invited address to sign up. */
export const licenceSeatSchema = z.object({
  id: z.string(),
  /** The colleague holding it; null while an invitation waits. */
  holder: publicUserSchema.nullable(),
  /** The address invited (only the buyer, who typed it, sees it); null once held. */
  invitedEmail: z.string().nullable(),
  assignedAt: z.string(),
  /** When the buyer may move this seat to another colleague; null: now. */
  movableFrom: z.string().nullable(),
});
export type LicenceSeat = z.infer<typeof licenceSeatSchema>;

/** A purchase for colleagues, as its buyer manages it. */
export const boughtLicenceSchema = z.object({
  /** The sale's id: POST /licences/{purchaseId}/seats. */
  purchaseId: z.string(),
  resource: licensedResourceSchema,
  purchasedAt: z.string(),
  /** All seats, the buyer's own included. */
  seats: z.number().int(),
  /** Seats in use: the buyer's own and each colleague's held or invited; seats = seatsUsed + seatsFree. */
  seatsUsed: z.number().int(),
  seatsFree: z.number().int(),
  /** What each colleague's seat cost. */
  seatPriceCents: z.number().int(),
  colleagues: z.array(licenceSeatSchema),
  /** When a free seat that a colleague held before may be given again; null: now (or no such seat). */
  nextMoveAt: z.string().nullable(),
});
export type BoughtLicence = z.infer<typeof boughtLicenceSchema>;

/** A seat somebody gave the viewer. */
export const heldLicenceSchema = z.object({
  seatId: z.string(),
  resource: licensedResourceSchema,
  licensedBy: publicUserSchema,
  since: z.string(),
});
export type HeldLicence = z.infer<typeof heldLicenceSchema>;

export const licencesSelfSchema = z.object({
  /** Purchases of more than one seat, newest first. */
  bought: z.array(boughtLicenceSchema),
  /** Seats the viewer holds, newest first. */
  held: z.array(heldLicenceSchema),
});
export type LicencesSelf = z.infer<typeof licencesSelfSchema>;

export const seatAssignSchema = z
  .object({
    /** A colleague's username, or an e-mail address (an invitation when no account has it). */
    assignee: z.string().trim().min(1).max(LICENCE_LIMITS.assigneeMax),
  })
  .strict();
export type SeatAssign = z.input<typeof seatAssignSchema>;

export const licencePurchaseParamsSchema = z.object({ purchaseId: z.uuid() });

export const licenceEndpoints = defineEndpoints({
  "GET /licences/self": {
    summary: "The viewer's purchases for colleagues with their seats, and the seats others gave the viewer.",
    response: licencesSelfSchema,
  },
  "POST /licences/:purchaseId/seats": {
    summary: "The buyer gives a free seat to a colleague by username, or invites an e-mail address.",
    params: licencePurchaseParamsSchema,
    body: seatAssignSchema,
    response: licenceSeatSchema,
    status: 201,
  },
  "DELETE /licences/seats/:id": {
    summary: "The buyer frees a colleague's seat (or withdraws an invitation).",
    params: uuidParamsSchema,
    response: z.object({ freed: z.literal(true) }),
  },
});
