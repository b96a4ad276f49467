import { describe, expect, it } from "vitest";
import type { PermissionFlag } from "./enums.ts";
import {
  activeFlexSlots,
  buildFooterCycle,
  FOOTER_FLAG_RESET_MS,
  FOOTER_PROMPTS,
  type FooterFacts,
  type FooterFlags,
  type FooterMessage,
  type FooterPromptKey,
  type FooterRotation,
  footerMessageLink,
  footerMessageValues,
  footerPromptShows,
  footerTextKey,
  forcedFooterMessage,
  NO_FOOTER_FLAGS,
  nextFooterMessage,
  type Shuffle,
  START_OF_ROTATION,
  shuffleWith,
} from "./footer-rotation.ts";

const ALL_PERMISSIONS: Record<PermissionFlag, boolean> = {
  controls: true,
  payments: true,
  messages: true,
  upload: true,
  editing: true,
  advertise: true,
};

/** A user for whom no conditional prompt holds except the two that always show. */
const settled: FooterFacts = {
  permissions: ALL_PERMISSIONS,
  resourcesCount: 120,
  ownResources: 3,
  publishedResources: 0,
  ads: 2,
  donatedWithinYear: true,
  eligiblePayout: 0,
  passwordExpired: false,
  hasSecurityPattern: true,
  hasRecoveryEmail: true,
  emailVerified: true,
  favorites: 4,
  hasTipped: true,
  reviewPrompt: null,
};
const FRACTIONS = { id: "r1", name: "fractions-fun", title: "Fractions Fun" };
const facts = (over: Partial<FooterFacts>): FooterFacts => ({ ...settled, ...over });
const without = (flag: PermissionFlag) => ({ ...ALL_PERMISSIONS, [flag]: false });
const identity: Shuffle = (items) => [...items];
const reversed: Shuffle = (items) => [...items].reverse();
const prompt = (key: FooterPromptKey): FooterMessage => ({ kind: "prompt", key });

describe("footer prompt conditions (spec 5: prompts show only when the user's permission flag holds)", () => {
  const cases: [FooterPromptKey, Partial<FooterFacts>, Partial<FooterFacts>, PermissionFlag | null][] = [
    // [prompt, facts where it shows, facts where it does not, the permission flag it needs]
    ["publishing", { ownResources: 0 }, { ownResources: 1 }, "upload"], // "Publishing: user has no resources"
    ["featuring", { publishedResources: 1 }, { publishedResources: 0 }, "payments"], // "Featuring: user has published resources"
    ["advertising", { ads: 0 }, { ads: 1 }, "advertise"], // "Advertising: no ads"
    ["donation", { donatedWithinYear: false }, { donatedWithinYear: true }, "payments"], // "Donation: no donations in the past year"
    ["unpaid-earnings", { eligiblePayout: 1500 }, { eligiblePayout: 0 }, "payments"], // "Unpaid earnings: an eligible payout exists"
    ["password-update", { passwordExpired: true }, { passwordExpired: false }, "controls"], // "Password update: password expired"
    ["two-factor", { hasSecurityPattern: false }, { hasSecurityPattern: true }, "controls"], // "Two-factor: no security pattern"
    ["secondary-email", { hasRecoveryEmail: false }, { hasRecoveryEmail: true }, "controls"], // "Secondary e-mail: no recovery e-mail"
    ["favorites-null", { favorites: 0 }, { favorites: 2 }, null], // "Favorites-null: no favorites"
    ["tipped-none", { hasTipped: false }, { hasTipped: true }, "payments"], // "Tipped-none: no tips"
    ["review-resource", { reviewPrompt: FRACTIONS }, { reviewPrompt: null }, null], // issue 21
  ];
  for (const [key, shows, hides, permission] of cases) {
    it(`${key}: shows when its condition holds, not otherwise`, () => {
      expect(footerPromptShows(key, facts(shows))).toBe(true);
      expect(footerPromptShows(key, facts(hides))).toBe(false);
    });
    if (permission) {
      it(`${key}: hidden without the ${permission} permission even when its condition holds`, () => {
        expect(footerPromptShows(key, facts({ ...shows, permissions: without(permission) }))).toBe(false);
      });
    }
  }

  it("review-resource asks any account that used a resource, whatever the permissions (issue 21)", () => {
    const none = { ...ALL_PERMISSIONS, controls: false, payments: false, messages: false, upload: false };
    expect(footerPromptShows("review-resource", facts({ permissions: none, reviewPrompt: FRACTIONS }))).toBe(
      true,
    );
  });

  it("referral and support-request always show, whatever the permissions", () => {
    const none = { ...ALL_PERMISSIONS, controls: false, payments: false, messages: false, upload: false };
    expect(footerPromptShows("referral", facts({ permissions: none }))).toBe(true);
    expect(footerPromptShows("support-request", facts({ permissions: none }))).toBe(true);
  });
});

describe("flex messages (spec 5: the 25 slots show only when their text is non-empty and not 'Inactive')", () => {
  it("keeps the slots with text, in slot order, and only slots 1 to 25", () => {
    expect(
      activeFlexSlots({
        "flex.1": "Inactive",
        "flex.2": "Summer sale on math units",
        "flex.3": "",
        "flex.4": "   ",
        "flex.25": "Last slot",
        "flex.26": "Not a slot",
      }),
    ).toEqual([2, 25]);
  });
  it("shows none when every slot is inactive", () => {
    expect(activeFlexSlots({})).toEqual([]);
  });
});

describe("forced messages (spec 4: a forced message takes priority)", () => {
  const raised = (over: Partial<FooterFlags>) => ({ ...NO_FOOTER_FLAGS, ...over });
  const member = { emailVerified: false };
  it("maps each flag to its message", () => {
    expect(forcedFooterMessage(raised({ justSignedUp: true }), member)).toEqual({
      kind: "fixed",
      key: "footer-notification-welcome",
    });
    expect(forcedFooterMessage(raised({ justLoggedIn: true }), member)).toEqual({
      kind: "fixed",
      key: "sign-in-prompt",
    });
    expect(forcedFooterMessage(raised({ justLoggedOut: true }), null)).toEqual({
      kind: "fixed",
      key: "footer-notification-sign-out",
    });
    expect(forcedFooterMessage(raised({ error: true }), null)).toEqual({
      kind: "fixed",
      key: "footer-notification-error",
    });
    expect(forcedFooterMessage(raised({ emailError: true }), member)).toEqual({
      kind: "fixed",
      key: "footer-notification-email-error",
    });
    expect(forcedFooterMessage(raised({ needsMailVerification: true }), member)).toEqual({
      kind: "fixed",
      key: "mail-verification",
    });
    expect(forcedFooterMessage(NO_FOOTER_FLAGS, member)).toBeNull();
  });
  it("follows the spec's order when several are raised", () => {
    expect(forcedFooterMessage(raised({ error: true, justLoggedOut: true }), null)).toEqual({
      kind: "fixed",
      key: "footer-notification-sign-out",
    });
    // A new account is welcomed as new, not "welcome back".
    expect(forcedFooterMessage(raised({ justSignedUp: true, justLoggedIn: true }), member)).toEqual({
      kind: "fixed",
      key: "footer-notification-welcome",
    });
  });
  it("shows only what is true now (issue 18)", () => {
    // Signed out: never told they are signed in, nor asked to verify an address.
    const stale = raised({ justLoggedIn: true, justSignedUp: true, justLoggedOut: true });
    expect(forcedFooterMessage(stale, null)).toEqual({ kind: "fixed", key: "footer-notification-sign-out" });
    expect(forcedFooterMessage(raised({ justLoggedIn: true }), null)).toBeNull();
    expect(forcedFooterMessage(raised({ needsMailVerification: true }), null)).toBeNull();
    // Signed in: never told they are signed out; a verified address is not asked for again.
    expect(forcedFooterMessage(raised({ justLoggedOut: true }), member)).toBeNull();
    expect(forcedFooterMessage(raised({ needsMailVerification: true }), { emailVerified: true })).toBeNull();
    expect(
      nextFooterMessage({
        user: null,
        facts: null,
        flags: raised({ justLoggedIn: true }),
        texts: {},
        rotation: START_OF_ROTATION,
        shuffle: identity,
      }).message,
    ).toEqual({ kind: "fixed", key: "account-creation" });
  });
  it("wins over the cycle and over a missing user, and leaves the cycle where it was", () => {
    const rotation: FooterRotation = { cycle: [prompt("referral")], position: 0 };
    const step = nextFooterMessage({
      user: null,
      facts: null,
      flags: raised({ justLoggedOut: true }),
      texts: {},
      rotation,
      shuffle: identity,
    });
    expect(step.message).toEqual({ kind: "fixed", key: "footer-notification-sign-out" });
    expect(step.rotation).toBe(rotation);
  });
  it("flags reset 2000 ms after rotating (spec 9)", () => {
    expect(FOOTER_FLAG_RESET_MS).toBe(2000);
  });
});

describe("the rotation (spec 4: fixed messages first, then a shuffled list of the conditional prompts)", () => {
  it("shows account-creation without a loaded user", () => {
    const step = nextFooterMessage({
      user: null,
      facts: settled,
      flags: NO_FOOTER_FLAGS,
      texts: {},
      rotation: START_OF_ROTATION,
      shuffle: identity,
    });
    expect(step.message).toEqual({ kind: "fixed", key: "account-creation" });
  });

  it("puts the fixed messages first, then the eligible prompts and active flex slots, shuffled together", () => {
    const cycle = buildFooterCycle(
      { emailVerified: false },
      facts({ ownResources: 0, eligiblePayout: 2500 }),
      { "flex.7": "Back to school week" },
      reversed,
    );
    expect(cycle).toEqual([
      { kind: "fixed", key: "resources-count" },
      { kind: "fixed", key: "mail-verification" },
      { kind: "flex", slot: 7 },
      prompt("support-request"),
      prompt("referral"),
      prompt("unpaid-earnings"),
      prompt("publishing"),
    ]);
  });

  it("a new user sees the catalogue, then every getting-started prompt", () => {
    const newUser = facts({
      ownResources: 0,
      publishedResources: 0,
      ads: 0,
      donatedWithinYear: false,
      hasSecurityPattern: false,
      hasRecoveryEmail: false,
      favorites: 0,
      hasTipped: false,
    });
    const cycle = buildFooterCycle({ emailVerified: true }, newUser, {}, identity);
    expect(cycle.map((m) => (m.kind === "flex" ? m.slot : m.key))).toEqual([
      "resources-count",
      "publishing",
      "advertising",
      "donation",
      "two-factor",
      "secondary-email",
      "favorites-null",
      "tipped-none",
      "referral",
      "support-request",
    ]);
  });

  it("leaves out resources-count for an empty catalogue and the prompts while the facts are loading", () => {
    expect(buildFooterCycle({ emailVerified: true }, facts({ resourcesCount: 0 }), {}, identity)).toEqual([
      prompt("referral"),
      prompt("support-request"),
    ]);
    expect(buildFooterCycle({ emailVerified: true }, null, { "flex.1": "Hello" }, identity)).toEqual([
      { kind: "flex", slot: 1 },
    ]);
  });

  it("walks the cycle one message per step, then builds a new cycle (shuffled again)", () => {
    let rotation = START_OF_ROTATION;
    const seen: string[] = [];
    let shuffles = 0;
    const counting: Shuffle = (items) => {
      shuffles += 1;
      return shuffles % 2 === 1 ? [...items] : [...items].reverse();
    };
    for (let i = 0; i < 6; i += 1) {
      const step = nextFooterMessage({
        user: { emailVerified: true },
        facts: settled,
        flags: NO_FOOTER_FLAGS,
        texts: {},
        rotation,
        shuffle: counting,
      });
      rotation = step.rotation;
      seen.push(footerTextKey(step.message));
    }
    expect(seen).toEqual([
      "footer.resources-count",
      "footer.referral",
      "footer.support-request",
      "footer.resources-count",
      "footer.support-request",
      "footer.referral",
    ]);
    expect(shuffles).toBe(2);
  });

  it("picks up a changed condition at the next cycle", () => {
    const first = nextFooterMessage({
      user: { emailVerified: true },
      facts: settled,
      flags: NO_FOOTER_FLAGS,
      texts: {},
      rotation: { cycle: [prompt("referral")], position: 0 },
      shuffle: identity,
    });
    expect(first.rotation.cycle).not.toContainEqual(prompt("unpaid-earnings"));
    const next = nextFooterMessage({
      user: { emailVerified: true },
      facts: facts({ eligiblePayout: 1200 }),
      flags: NO_FOOTER_FLAGS,
      texts: {},
      rotation: { cycle: first.rotation.cycle, position: first.rotation.cycle.length - 1 },
      shuffle: identity,
    });
    expect(next.rotation.cycle).toContainEqual(prompt("unpaid-earnings"));
  });

  it("shuffleWith is a permutation decided by the random source", () => {
    const items = [...FOOTER_PROMPTS];
    const a = shuffleWith(() => 0)(items);
    const b = shuffleWith(() => 0)(items);
    expect(a).toEqual(b);
    expect([...a].sort()).toEqual([...items].sort());
    expect(shuffleWith(() => 0.999)(items)).toEqual(items);
    expect(items).toEqual([...FOOTER_PROMPTS]);
  });
});

describe("the review prompt (issue 21: after a download, a gentle prompt in the footer's rotation)", () => {
  const step = (rotation: FooterRotation, now: FooterFacts) =>
    nextFooterMessage({
      user: { emailVerified: true },
      facts: now,
      flags: NO_FOOTER_FLAGS,
      texts: {},
      rotation,
      shuffle: identity,
    });

  it("joins the cycle naming the resource, and links to its reviews", () => {
    const cycle = buildFooterCycle({ emailVerified: true }, facts({ reviewPrompt: FRACTIONS }), {}, identity);
    const message = cycle.find((m) => m.kind === "prompt" && m.key === "review-resource")!;
    expect(message).toEqual({ kind: "prompt", key: "review-resource", resource: FRACTIONS });
    expect(footerTextKey(message)).toBe("footer.review-resource");
    expect(footerMessageValues(message)).toEqual({ title: "Fractions Fun" });
    expect(footerMessageLink(message)).toBe("/resources/fractions-fun#reviews");
    expect(
      footerMessageLink({ ...message, resource: { ...FRACTIONS, name: "maths & more" } } as FooterMessage),
    ).toBe("/resources/maths%20%26%20more#reviews");
    // Without a resource to ask about, it is not in the cycle at all.
    expect(buildFooterCycle({ emailVerified: true }, settled, {}, identity)).not.toContainEqual(
      expect.objectContaining({ key: "review-resource" }),
    );
    expect(footerMessageValues(prompt("referral"))).toEqual({});
  });

  it("is passed over once the resource is reviewed, or when another resource is now the one to ask about", () => {
    const asked: FooterMessage = { kind: "prompt", key: "review-resource", resource: FRACTIONS };
    const rotation: FooterRotation = {
      cycle: [prompt("referral"), asked, prompt("support-request")],
      position: 0,
    };
    expect(step(rotation, facts({ reviewPrompt: FRACTIONS })).message).toEqual(asked);
    expect(step(rotation, settled).message).toEqual(prompt("support-request"));
    const tides = { id: "r2", name: "tides", title: "Tides" };
    expect(step(rotation, facts({ reviewPrompt: tides })).message).toEqual(prompt("support-request"));
    // The next cycle asks about the resource the facts name now.
    const fresh = step(
      { cycle: rotation.cycle, position: 2 },
      facts({ reviewPrompt: tides, resourcesCount: 0 }),
    );
    expect(fresh.rotation.cycle).toContainEqual({ kind: "prompt", key: "review-resource", resource: tides });
  });

  it("passes over any prompt whose condition stopped holding mid-cycle (issue 18: true when shown)", () => {
    const rotation: FooterRotation = {
      cycle: [prompt("referral"), prompt("unpaid-earnings"), prompt("support-request")],
      position: 0,
    };
    expect(step(rotation, facts({ eligiblePayout: 1200 })).message).toEqual(prompt("unpaid-earnings"));
    expect(step(rotation, settled).message).toEqual(prompt("support-request"));
    // A stale last message starts the next cycle instead.
    const over = step({ cycle: [prompt("referral"), prompt("unpaid-earnings")], position: 0 }, settled);
    expect(over.rotation.position).toBe(0);
    expect(over.message).toEqual({ kind: "fixed", key: "resources-count" });
  });
});

describe("texts and links", () => {
  it("names the site text of each message", () => {
    expect(footerTextKey({ kind: "fixed", key: "account-creation" })).toBe("footer.account-creation");
    expect(footerTextKey(prompt("donation"))).toBe("footer.donation");
    expect(footerTextKey({ kind: "flex", slot: 12 })).toBe("flex.12");
  });
  it("links the prompts to where the user acts on them", () => {
    expect(footerMessageLink(prompt("unpaid-earnings"))).toBe("/earnings/payout");
    expect(footerMessageLink(prompt("support-request"))).toBe("/support");
    expect(footerMessageLink({ kind: "flex", slot: 1 })).toBeNull();
    expect(footerMessageLink({ kind: "fixed", key: "footer-notification-error" })).toBeNull();
  });
});
