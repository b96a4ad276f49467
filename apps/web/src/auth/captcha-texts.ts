import { ACCOUNT_TEXTS, type AccountTextKey } from "../routes/account/account-texts.ts";
import { useAreaTexts } from "../state/site-config.ts";

/**
 * The captcha dialog's copy beyond the account area's `captcha.*` keys: the switch between pictures and
 * the text question. Admins override these through the site texts like any
 * other key; the defaults sit under the account area's.
 */
export const CAPTCHA_TEXTS = {
  "captcha.useText": "Use a text question instead",
  "captcha.usePictures": "Use pictures instead",
} as const satisfies Record<string, string>;

const DEFAULTS: Readonly<Record<string, string>> = { ...ACCOUNT_TEXTS, ...CAPTCHA_TEXTS };

export type CaptchaTextKey = AccountTextKey | keyof typeof CAPTCHA_TEXTS;

export function useCaptchaTexts(): (key: CaptchaTextKey, values?: Record<string, string>) => string {
  return useAreaTexts<string>(DEFAULTS);
}
