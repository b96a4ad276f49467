import { useAreaTexts } from "../../state/site-config.ts";

/** Copy of /admin/email-all and the unsubscribe page. Admins can override any key through the site texts. */
export const BULK_EMAIL_TEXTS = {
  "emailAll.title": "E-mail all users",
  "emailAll.intro":
    "Write one message to every active user. Deactivated accounts and people who unsubscribed are left out; every mail carries an unsubscribe link.",
  "emailAll.reach": "It will go to {active} of {total} accounts.",
  "emailAll.subject": "Subject",
  "emailAll.body": "Message",
  "emailAll.bodyHint": 'Line breaks and links (<a href="…">text</a>) show; any other markup shows as text.',
  "emailAll.preview": "Preview",
  "emailAll.edit": "Edit",
  "emailAll.previewTitle": "Preview of the e-mail",
  "emailAll.previewFooter":
    "You receive this because you have a Lesson Loft account. To get no more of these e-mails: Unsubscribe",
  "emailAll.send": "Send to {active} users",
  "emailAll.confirmTitle": "Send this e-mail to everyone?",
  "emailAll.confirm":
    "“{subject}” goes to {active} users now. Once it has started, it cannot be stopped or taken back.",
  "emailAll.confirmYes": "Send it now",
  "emailAll.confirmNo": "Not yet",
  "emailAll.confirmClose": "Close",
  "emailAll.sending": "Starting…",
  "emailAll.progressTitle": "Latest send",
  "emailAll.progressLabel": "Bulk e-mail progress",
  "emailAll.progress": "{sent} of {total} sent ({percent}%), {remaining} remaining.",
  "emailAll.running": "Sending “{subject}”. You can leave this page: the send goes on.",
  "emailAll.finished": "“{subject}” was sent on {date}.",
  "emailAll.unconfirmed":
    "{count} mails were being handed to the mail server when a server stopped; they are not sent again, so those users may not have it.",
  "emailAll.failed": "{count} mails were refused by the mail server.",
  "emailAll.busy": "A send is running; a new one can start when it has finished.",
  "emailAll.loadError": "We could not load the bulk e-mail status.",
  "emailAll.retry": "Try again",
  "unsubscribe.title": "Unsubscribe",
  "unsubscribe.intro":
    "Stop receiving e-mails sent to all Lesson Loft users. Messages about your own account still arrive.",
  "unsubscribe.confirm": "Unsubscribe",
  "unsubscribe.working": "Unsubscribing…",
  "unsubscribe.done": "You are unsubscribed: you will get no more e-mails sent to all users.",
  "unsubscribe.failed": "We could not unsubscribe you just now. Please try again in a moment.",
  "unsubscribe.invalid": "This unsubscribe link is not valid. Open the link from the e-mail again, whole.",
  "unsubscribe.home": "Back to the home page",
} as const satisfies Record<string, string>;

export type BulkEmailTextKey = keyof typeof BULK_EMAIL_TEXTS;
export type BulkEmailTexts = (key: BulkEmailTextKey, values?: Record<string, string>) => string;

export function useBulkEmailTexts(): BulkEmailTexts {
  return useAreaTexts(BULK_EMAIL_TEXTS);
}
