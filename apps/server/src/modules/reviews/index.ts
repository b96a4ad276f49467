/**
 * The reviews module's public face: its routes for app.ts, the creator's e-mail job for the job
 * registry, and the review prompt (the footer's rotation and the resource page ask it).
 */
export { reviewMailJob } from "./review-mail.job.ts";
export { type ReviewPrompt, reviewPromptFor } from "./review-prompt.service.ts";
export { reviewsRoutes } from "./reviews.routes.ts";
