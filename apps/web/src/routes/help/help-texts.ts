import type { DEFAULT_TEXTS } from "@market/domain";
import { fillText, useTexts } from "../../state/site-config.ts";

/**
 * Copy of the help centre, the help book and the terms screens. Admins can override any key through the site
 * texts; these are the defaults (the e2e journeys use them). 'Could not save entry.' is spec 8's own alert.
 */
export const HELP_TEXTS = {
  "help.title": "Help",
  "help.intro": "Answers to common questions, guides and videos about using Lesson Loft.",
  "help.proTip": "Pro tip",
  "help.search.label": "Search the help book",
  "help.search.submit": "Search",
  "help.search.none": "No help articles match “{q}”. Try fewer or other words, or ask our support team.",
  "help.search.results": "Articles matching “{q}”",
  "help.popular": "Popular articles",
  "help.reach": "Still need help?",
  "help.reach.support": "Open a support request",
  "help.reach.supportHint": "Our team answers by e-mail, usually within a school day.",
  "help.reach.helpbook": "Browse the whole help book",
  "help.reach.helpbookHint": "Articles, pictures and videos about every part of the marketplace.",
  "help.feedback.label": "Was something missing? Tell us what you looked for",
  "help.feedback.submit": "Send feedback",
  "help.feedback.thanks": "Thank you, your feedback reached the team.",
  "helpbook.title": "Help book",
  "helpbook.intro": "Guides, pictures and videos about using the marketplace.",
  "helpbook.terms": "Terms of service",
  "helpbook.articles": "Articles",
  "helpbook.images": "Pictures",
  "helpbook.videos": "Videos",
  "helpbook.empty": "The help book has no entries yet.",
  "helpbook.manage": "Manage the help book",
  "helpbook.proTip": "Pro tip",
  "helpbook.changedTerms": "Updated terms",
  "helpbook.loadFailed": "We could not load the help book. Check your connection and try again.",
  "helpbook.retry": "Try again",
  "helpbook.notFound": "This help entry does not exist. It may have been renamed or removed.",
  "helpbook.back": "Back to the help book",
  "helpbook.edit": "Edit entry",
  "helpbook.stopEditing": "Stop editing",
  "helpbook.watch": "Watch the video",
  "helpbook.seeAlso": "See also",
  "helpbook.adminsOnly": "Only admins can add entries to the help book.",
  "helpbook.video.missing": "This video has not been uploaded yet.",
  "helpbook.video.size": "{name}, {size}",
  "editor.new.article": "New article",
  "editor.new.image": "New picture",
  "editor.new.video": "New video",
  "editor.type": "Type",
  "editor.shortTitle": "Short title",
  "editor.longTitle": "Long title",
  "editor.name": "Name in the address",
  "editor.nameHint":
    "Lowercase words joined by hyphens, e.g. getting-started. Left empty, it is made from the short title.",
  "editor.body": "Body",
  "editor.bodyHint": "Plain text; links (<a href>) and line breaks (<br>) are kept.",
  "editor.accent": "Accent colour",
  "editor.altText": "Picture description (alt text)",
  "editor.orderIndex": "Order in its group",
  "editor.proTip": "Show as a pro tip",
  "editor.imageEntry": "Related picture",
  "editor.videoEntry": "Related video",
  "editor.none": "None",
  "editor.save": "Save entry",
  "editor.saving": "Saving…",
  "editor.saved": "Entry saved.",
  "editor.saveFailed": "Could not save entry.",
  "editor.image": "Picture",
  "editor.imageHint": "JPG, PNG, BMP or GIF, at most 2 MB.",
  "editor.video": "Video file",
  "editor.videoHint": "MP4 or WebM, at most 50 MB.",
  "editor.upload": "Upload",
  "editor.uploading": "Uploading… {percent}%",
  "editor.deleteImage": "Remove picture",
  "editor.deleteVideo": "Remove video",
  "editor.current": "Current: {name}",
  "editor.mediaAfterSave": "Save the entry first; then you can add its picture or video.",
  "manage.title": "Manage the help book",
  "manage.new": "New entry",
  "manage.up": "Move {title} up",
  "manage.down": "Move {title} down",
  "manage.edit": "Edit",
  "manage.delete": "Delete",
  "manage.confirmDelete": "Delete “{title}”? Its text and media are removed for good.",
  "manage.markTerms": "Publish as changed terms",
  "manage.clearTerms": "Clear changed terms",
  "manage.termsHint": "Publishing an article as changed terms asks every user to accept it before going on.",
  "manage.feedback": "Feedback from readers",
  "manage.feedbackEmpty": "No feedback yet.",
  "manage.feedbackFrom": "{who} about {entry}",
  "manage.visitor": "A visitor",
  "manage.general": "the help centre",
  "terms.title": "Updated terms of service",
  "terms.intro":
    "Our terms of service changed. Please read the changes and accept them to go on using Lesson Loft.",
  "terms.accept": "I accept the updated terms",
  "terms.accepting": "Accepting…",
  "terms.failed": "We could not record your acceptance. Check your connection and try again.",
  "terms.none": "You have accepted the current terms of service. Thank you.",
  "terms.read": "Read the terms of service",
  "terms.accepted.title": "Thank you for accepting the terms",
  "terms.accepted.body":
    "Your acceptance of the updated terms of service is recorded. You can read them again at any time in the help book.",
  "terms.accepted.home": "Back to the resources",
} as const satisfies Record<string, string>;

export type HelpTextKey = keyof typeof HELP_TEXTS | keyof typeof DEFAULT_TEXTS;
export type HelpTexts = (key: HelpTextKey, values?: Record<string, string>) => string;

/** The site's copy with the help defaults underneath. */
export function useHelpTexts(): HelpTexts {
  const t = useTexts();
  return (key, values) => {
    const text = t(key, values);
    if (text !== key) return text;
    const fallback: string | undefined = (HELP_TEXTS as Record<string, string>)[key];
    return fallback ? fillText(fallback, values) : key;
  };
}
