/**
 * What other modules use of the users module: how a user is shown (to themselves, to anybody, their
 * permission flags and token scopes), finding an account by username or e-mail, and a new referral code.
 * Its account services stay its own.
 */
export { newRefCode } from "./ref-codes.ts";
export {
  permissionsOf,
  presentPublicUser,
  presentSelf,
  publicUserColumns,
  scopesOf,
} from "./user.presenter.ts";
export { findUserByLogin } from "./users.service.ts";
