/**
 * What other modules use of the licences module (issue 23): its routes for app.ts, the seat e-mails' job
 * for the jobs registry, and the sign-up's turning of invitations into seats. Assigning and freeing seats
 * stay its own; owning through a seat is resources/ownership.ts's.
 */

export { licencesRoutes } from "./licences.routes.ts";
export { claimInvitedSeats } from "./licences.service.ts";
export { seatMailJob } from "./seat-mail.job.ts";
