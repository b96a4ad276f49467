import type { SelfUser } from "@market/domain";

export function makeSelfUser(overrides: Partial<SelfUser> = {}): SelfUser {
  return {
    id: "u1",
    username: "ada",
    first_name: "Ada",
    last_name: "Lovelace",
    email: "ada@example.com",
    role: "user",
    is_master_account: false,
    is_deactivated: false,
    donation_date: null,
    avatar_locator: null,
    email_verified: true,
    recovery_email: null,
    has_security_pattern: false,
    password_expired: false,
    ref_code: "AB12CD34",
    permissions: {
      controls: true,
      payments: true,
      messages: true,
      upload: true,
      editing: true,
      advertise: true,
    },
    ...overrides,
  };
}
