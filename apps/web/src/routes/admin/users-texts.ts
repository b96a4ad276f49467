import { fillText, useTexts } from "../../state/site-config.ts";

/** Copy of /admin/users; admins can override any key through the site texts. */
export const USERS_TEXTS = {
  "users.title": "Users",
  "users.intro": "Find an account by name, username or e-mail address.",
  "users.search": "Search users",
  "users.searchButton": "Search",
  "users.filter": "Show",
  "users.filter.all": "Everyone",
  "users.filter.active": "Active accounts",
  "users.filter.deactivated": "Deactivated accounts",
  "users.filter.admins": "Admins",
  "users.emailAll": "E-mail all users",
  "users.results": "{total} accounts",
  "users.results.one": "1 account",
  "users.none": "No account matches. Try fewer or shorter words.",
  "users.loadFailed": "We could not load the accounts. Check your connection and try again.",
  "users.open": "Manage",
  "users.joined": "Joined {date}",
  "users.badge.admin": "Admin",
  "users.badge.user": "User",
  "users.badge.master": "Master",
  "users.badge.deactivated": "Deactivated",
  "users.badge.unverified": "E-mail not verified",
  "user.back": "Back to the list",
  "user.standing": "Standing",
  "user.active": "This account is active.",
  "user.deactivated": "This account is deactivated: its owner sees only offers and their status page.",
  "user.deactivatedByUser": "Its owner deactivated it and may reactivate it.",
  "user.deactivate": "Deactivate account",
  "user.reactivate": "Reactivate account",
  "user.confirmDeactivate": "Deactivate @{username}? They will see only offers and their status page.",
  "user.role": "Role",
  "user.makeAdmin": "Make admin",
  "user.revokeAdmin": "Revoke admin",
  "user.permissions": "Permissions",
  "user.permissionsSave": "Save permissions",
  "user.perm.controls": "Account settings (controls)",
  "user.perm.payments": "Tips and payments (payments)",
  "user.perm.messages": "Messages (messages)",
  "user.perm.upload": "Uploading resources (upload)",
  "user.perm.editing": "Editing resources (editing)",
  "user.perm.advertise": "Advertising (advertise)",
  "user.verification": "E-mail verification",
  "user.verified": "The e-mail address is verified.",
  "user.unverified": "The e-mail address is not verified yet.",
  "user.resend": "Resend verification e-mail",
  "user.resent": "Verification e-mail sent to {email}.",
  "user.resources": "Resources ({count})",
  "user.ads": "Ads ({count})",
  "user.sales": "Sales ({count}, {amount})",
  "user.tips": "Tips ({received} received, {amount}; {sent} sent)",
  "user.purchases": "{count} purchases",
  "user.nothing": "None yet.",
  "user.tipReceived": "from @{username}",
  "user.tipSent": "to @{username}",
  "user.saleTo": "to @{username}",
  "user.gift": "gift",
  "user.changed": "Saved.",
  "user.adUntitled": "Type {type} ad",
  "user.adType": "type {type}",
  "user.adSpend": "{amount} a day for {days} days",
} as const satisfies Record<string, string>;

export type UsersTextKey = keyof typeof USERS_TEXTS;

export function useUsersTexts(): (key: UsersTextKey, values?: Record<string, string>) => string {
  const t = useTexts();
  return (key, values) => {
    const text = t(key, values);
    if (text !== key) return text;
    return fillText(USERS_TEXTS[key], values);
  };
}
