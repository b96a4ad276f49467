/**
 * What other modules use of the auth module: the verification mail an admin can send again. Sign-in,
 * sign-up, the first administrator's account and the captcha stay its own.
 */
export { sendVerificationMail } from "./auth.service.ts";
