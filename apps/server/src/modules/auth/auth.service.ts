import type { LoginResponse, TokenRequest } from "@market/domain";
import type { Db } from "../../db/client.ts";
import { AppError, unauthorized } from "../../platform/errors.ts";
import { DUMMY_HASH, verifySecret } from "../../platform/passwords.ts";
import type { TokenSigner } from "../../platform/tokens.ts";
import { presentSelf, scopesOf } from "../users/user.presenter.ts";
import { findUserByLogin } from "../users/users.service.ts";

/**
 * Credentials login. An unknown user and a wrong password get the same answer after the same
 * work (a hash is always verified), so the answer tells nothing about which accounts exist.
 */
export async function loginWithCredentials(
  db: Db,
  tokens: TokenSigner,
  input: TokenRequest,
): Promise<LoginResponse> {
  const user = await findUserByLogin(db, input.username);
  const passwordOk = await verifySecret(input.password, user?.password_hash ?? DUMMY_HASH);
  if (!user?.password_hash || !passwordOk) {
    throw new AppError("invalid_credentials", "Invalid credentials");
  }
  if (user.security_pattern_hash) {
    const pattern = input.pattern?.join("-");
    if (!pattern) throw unauthorized("requires_pattern", "Enter your security pattern");
    if (!(await verifySecret(pattern, user.security_pattern_hash))) {
      throw new AppError("invalid_credentials", "Invalid credentials");
    }
  }
  const accessToken = await tokens.sign(user.id, scopesOf(user));
  return { accessToken, user: presentSelf(user), tokenEvent: "login" };
}
