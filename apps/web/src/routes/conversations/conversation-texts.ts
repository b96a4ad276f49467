import { useAreaTexts } from "../../state/site-config.ts";

/**
 * Copy of the support, message and inbox screens. Admins can override any key through the site texts; these
 * are the defaults (the e2e journeys use them as labels).
 */
export const CONVERSATION_TEXTS = {
  "support.title": "Support",
  "support.intro": "Ask our support team anything about Lesson Loft. We answer by e-mail and here.",
  "support.new": "Ask a new question",
  "support.subject": "Subject",
  "support.body": "Your question",
  "support.send": "Send to support",
  "support.sending": "Sending…",
  "support.sent": "Your question is on its way to our support team.",
  "support.threads": "Your questions",
  "support.none": "You have not asked support anything yet.",
  "support.loading": "Loading your questions…",
  "support.loadFailed": "We could not load your questions. Check your connection and try again.",
  "support.retry": "Try again",
  "support.status.open": "Waiting for support",
  "support.status.answered": "Answered",
  "support.status.closed": "Closed",
  "support.you": "You",
  "support.reply": "Your reply",
  "support.sendReply": "Send reply",
  "support.replied": "Your reply is on its way to our support team.",
  "support.back": "All questions",
  "support.notFound": "This question could not be found.",
  "support.messages": "{count} messages",
  "support.sendFailed": "We could not send that. Please try again.",
  "supportQueue.title": "Support threads",
  "supportQueue.intro": "Questions waiting for an answer, the longest waiting first.",
  "supportQueue.empty": "No support threads are waiting for an answer.",
  "supportQueue.from": "From {name} (@{username})",
  "supportQueue.answer": "Your answer",
  "supportQueue.sendAnswer": "Send answer",
  "supportQueue.answered": "Your answer was sent to @{username}.",
  "supportQueue.clear": "Clear from the queue",
  "supportQueue.cleared": "The thread was cleared from the queue.",
  "supportQueue.select": "Choose a thread to read and answer it.",
  "sendMessage.title": "Send {name} a message",
  "sendMessage.body": "Your message",
  "sendMessage.send": "Send message",
  "sendMessage.sent": "Your message was sent to {name}.",
  "sendMessage.blocked": "{name} does not accept messages from you.",
  "sendMessage.noPermission": "Your account cannot send messages.",
  "sendMessage.limited": "You have sent many messages in the last hour. Please wait a while and try again.",
  "sendMessage.own": "This is your own profile. Messages that others send you are in your inbox.",
  "sendMessage.inboxLink": "Open your inbox",
  "inbox.title": "Your messages",
  "inbox.empty": "No one has sent you a message yet.",
  "inbox.loading": "Loading your messages…",
  "inbox.loadFailed": "We could not load your messages. Check your connection and try again.",
  "inbox.unread": "{count} unread",
  "inbox.new": "New",
  "inbox.markRead": "Mark as read",
  "inbox.block": "Block @{username}",
  "inbox.unblock": "Unblock @{username}",
  "inbox.blocked": "Blocked: new messages from @{username} are refused.",
  "inbox.unblocked": "@{username} can send you messages again.",
  "inbox.blockedBadge": "Blocked",
  "inbox.from": "From {name} (@{username})",
  "inbox.reply": "Reply to {name}",
} as const satisfies Record<string, string>;

export type ConversationTextKey = keyof typeof CONVERSATION_TEXTS;
export type ConversationTexts = (key: ConversationTextKey, values?: Record<string, string>) => string;

/** The site's copy with these defaults underneath. */
export function useConversationTexts(): ConversationTexts {
  return useAreaTexts(CONVERSATION_TEXTS);
}
