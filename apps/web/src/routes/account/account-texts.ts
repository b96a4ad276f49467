import type { DEFAULT_TEXTS } from "@market/domain";
import { useTexts } from "../../state/site-config.ts";

/**
 * Copy of the account screens. Admins can override any key through the site texts; these are the defaults
 * (the e2e journeys use them as labels).
 */
export const ACCOUNT_TEXTS = {
  "signUp.title": "Create your free account",
  "signUp.giftNote": "Create a free account to receive your gift.",
  "signUp.email": "E-mail address",
  "signUp.emailHint": "At most 64 characters: letters, digits, _ . - and @.",
  "signUp.firstName": "First name",
  "signUp.lastName": "Last name",
  "signUp.nameHint": "Your real name, as teachers will see it. Your last name starts with a capital letter.",
  "signUp.username": "Username",
  "signUp.usernameHint": "3 to 20 characters: letters, digits and underscores.",
  "signUp.usernameChecking": "Checking whether this username is free…",
  "signUp.usernameAvailable": "This username is available.",
  "signUp.password": "Password",
  "signUp.passwordHint": "8 to 24 characters, at least one number.",
  "signUp.submit": "Create account",
  "signUp.accountExists": "An account with this e-mail address already exists",
  "signUp.logInInstead": "Log in instead",
  "signUp.failed": "We could not create your account. Please try again.",
  "signUp.haveAccount": "Already have an account?",
  "signUpSuccess.title": "Check your e-mail",
  "signUpSuccess.body":
    "We sent a verification link to {email}. Open it within 24 hours to verify your address and sign in on any device.",
  "signUpSuccess.next": "You are signed in already, so you can start right away.",
  "signUpSuccess.continue": "Start browsing",
  "signUpSuccess.continueGift": "Continue to your gift",
  "login.linkButton": "E-mail me a login link",
  "login.linkSent": "If an account exists, a link is on its way",
  "login.linkNeedsUsername": "Enter your username or e-mail address first.",
  "login.locked": "This account cannot sign in right now.",
  "login.tryAgainIn": "Too many attempts. Try again in {time}.",
  "login.tooMany": "Too many attempts. Please wait a moment and try again.",
  "tokenLogin.title": "Signing you in",
  "tokenLogin.working": "Checking your link…",
  "tokenLogin.missing": "This link has no login token.",
  "tokenLogin.newLink": "Request a new login link",
  "pattern.title": "Enter your security pattern",
  "pattern.intro": "Choose your pattern images in order: 4 to 8 images.",
  "pattern.image": "Pattern image {n}",
  "pattern.chosen": "{count} of 8 images chosen",
  "pattern.undo": "Undo",
  "pattern.clear": "Clear",
  "pattern.submit": "Submit pattern",
  "pattern.wrong": "That pattern is not right. {left} tries left.",
  "pattern.success": "Pattern accepted. Signing you in…",
  "pattern.exhausted": "Too many wrong patterns. Log in again to try once more.",
  "pattern.backToLogin": "Back to log in",
  "captcha.title": "Confirm you are a person",
  "captcha.loading": "Loading a challenge…",
  "captcha.option": "Option {n}",
  "captcha.check": "Check",
  "captcha.reset": "Reset",
  "captcha.cancel": "Cancel",
  "captcha.checking": "Checking…",
  "captcha.success": "Thank you.",
  "captcha.failure": "That was not right. A new challenge comes in {seconds} seconds.",
  "captcha.coolingOff": "Too many failed logins. You can log in again in {time}.",
  "captcha.loadFailed": "The challenge could not be loaded.",
  "captcha.retry": "Try again",
  "settings.title": "Account settings",
  "settings.verifyEmail": "Please verify your e-mail",
  "settings.verifyEmailBody": "We sent a link to {email}. Open it to verify your address.",
  "settings.resend": "Resend verification e-mail",
  "settings.resent": "Verification e-mail sent",
  "settings.saved": "Changes saved",
  "settings.nameSection": "Name",
  "settings.saveName": "Save name",
  "settings.usernameSection": "Username",
  "settings.saveUsername": "Save username",
  "settings.avatarSection": "Avatar",
  "settings.avatar": "Avatar {n}",
  "settings.currentAvatar": "Your avatar",
  "settings.saveAvatar": "Save avatar",
  "settings.passwordSection": "Password",
  "settings.currentPassword": "Current password",
  "settings.newPassword": "New password",
  "settings.passwordExpired": "Your password is more than a year old",
  "settings.savePassword": "Change password",
  "settings.wrongPassword": "That password is not right.",
  "settings.recoverySection": "Recovery e-mail",
  "settings.recoveryEmail": "Recovery e-mail address",
  "settings.recoveryHint": "A second address for login links if you lose access to your main one.",
  "settings.saveRecovery": "Save recovery e-mail",
  "settings.removeRecovery": "Remove recovery e-mail",
  "settings.patternSection": "Security pattern",
  "settings.patternOn": "Logging in asks for your security pattern.",
  "settings.patternOff": "You have no security pattern. Add one to make logging in safer.",
  "settings.patternPassword": "Password to confirm the pattern change",
  "settings.savePattern": "Save pattern",
  "settings.removePattern": "Remove pattern",
  "settings.deactivateSection": "Deactivate account",
  "settings.deactivateIntro":
    "Deactivating hides your profile and your resources from everyone and signs you out of everything but your status page. Your earnings and purchases are kept, and you can reactivate the account yourself.",
  "settings.deactivate": "Deactivate account",
  "settings.deactivatePassword": "Password to confirm deactivation",
  "settings.deactivateConfirm": "Yes, deactivate my account",
  "settings.cancel": "Cancel",
  "accountStatus.title": "Account status",
  "accountStatus.active": "Your account is active",
  "accountStatus.deactivated": "Your account is deactivated",
  "accountStatus.deactivatedBody":
    "Your profile and resources are hidden. If you deactivated the account, you can reactivate it now.",
  "accountStatus.reactivate": "Reactivate my account",
  "accountStatus.byAdmin":
    "An admin deactivated this account, so it cannot be reactivated here. To ask why or to appeal, reply to the e-mail we sent you about it and our support team will answer.",
  "accountStatus.reactivated": "Your account is active again.",
  "accountStatus.home": "Go to the home page",
  "accountStatus.offers": "See offers",
} as const satisfies Record<string, string>;

export type AccountTextKey = keyof typeof ACCOUNT_TEXTS | keyof typeof DEFAULT_TEXTS;

/** The site's copy with the account defaults underneath. */
export function useAccountTexts(): (key: AccountTextKey, values?: Record<string, string>) => string {
  const t = useTexts();
  return (key, values) => {
    const text = t(key, values);
    if (text !== key) return text;
    const fallback: string | undefined = (ACCOUNT_TEXTS as Record<string, string>)[key];
    return fallback ? fallback.replace(/\{(\w+)\}/g, (whole, name: string) => values?.[name] ?? whole) : key;
  };
}
