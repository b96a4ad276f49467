import type { FooterFacts } from "@market/domain";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getFooterFlags, raiseFooterFlag, resetFooterFlags } from "../state/footer-flags.ts";
import { clearSession, storeSession } from "../state/session.ts";
import { makeSelfUser } from "../test/factories.ts";
import { renderScreen, stubFetch } from "../test/render.tsx";
import { inOneHour, makeToken } from "../test/tokens.ts";
import { Footer } from "./Footer.tsx";

const facts: FooterFacts = {
  permissions: {
    controls: true,
    payments: true,
    messages: true,
    upload: true,
    editing: true,
    advertise: true,
  },
  resourcesCount: 1234,
  ownResources: 4,
  publishedResources: 4,
  ads: 1,
  donatedWithinYear: true,
  eligiblePayout: 2500,
  passwordExpired: false,
  hasSecurityPattern: true,
  hasRecoveryEmail: true,
  emailVerified: true,
  favorites: 3,
  hasTipped: true,
  reviewPrompt: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  resetFooterFlags();
});

const message = () => screen.getByTestId("footer-message");

describe("Footer", () => {
  it("shows account-creation to a visitor", async () => {
    stubFetch({});
    renderScreen(Footer, "/");
    await waitFor(() => expect(message().getAttribute("data-message")).toBe("footer.account-creation"));
    expect(message().textContent).toContain("Create a free account");
    expect(screen.getByRole("link", { name: /Create a free account/ }).getAttribute("href")).toBe("/sign-up");
  });

  it("forces the sign-in message on login, resets the flags 2000 ms later, then rotates the user's messages", async () => {
    stubFetch({ "GET /api/users/self/footer-facts": [200, facts] });
    renderScreen(Footer, "/");
    act(() => storeSession(makeToken({ exp: inOneHour() }), makeSelfUser()));
    await waitFor(() => expect(message().getAttribute("data-message")).toBe("footer.sign-in-prompt"));
    expect(message().textContent).toContain("Welcome back, Ada!");
    expect(getFooterFlags().justLoggedIn).toBe(true);
    await waitFor(() => expect(getFooterFlags().justLoggedIn).toBe(false), { timeout: 3000 });
    // The forced message stays until the next rotation; stepping on walks the cycle from its fixed messages.
    expect(message().getAttribute("data-message")).toBe("footer.sign-in-prompt");
    fireEvent.click(screen.getByRole("button", { name: "Next message" }));
    expect(message().getAttribute("data-message")).toBe("footer.resources-count");
    expect(message().textContent).toContain("1,234 teaching resources");
    const seen = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      fireEvent.click(screen.getByRole("button", { name: "Next message" }));
      seen.add(message().getAttribute("data-message") ?? "");
    }
    expect(seen).toContain("footer.unpaid-earnings");
    expect(seen).toContain("footer.featuring");
    expect(seen).not.toContain("footer.publishing");
  });

  it("forces the sign-out message on logout", async () => {
    stubFetch({ "GET /api/users/self/footer-facts": [200, facts] });
    storeSession(makeToken({ exp: inOneHour() }), makeSelfUser());
    renderScreen(Footer, "/");
    await waitFor(() => expect(message().getAttribute("data-message")).toBe("footer.resources-count"));
    act(() => clearSession());
    await waitFor(() =>
      expect(message().getAttribute("data-message")).toBe("footer.footer-notification-sign-out"),
    );
  });

  it("welcomes a new account as new, not back (issue 18)", async () => {
    stubFetch({ "GET /api/users/self/footer-facts": [200, facts] });
    renderScreen(Footer, "/");
    act(() => {
      storeSession(makeToken({ exp: inOneHour() }), makeSelfUser({ first_name: "Robin" }));
      raiseFooterFlag("justSignedUp");
    });
    await waitFor(() =>
      expect(message().getAttribute("data-message")).toBe("footer.footer-notification-welcome"),
    );
    expect(message().textContent).toBe("Welcome to Lesson Loft, Robin! Your free account is ready.");
  });

  it("never tells a visitor they are signed in, even right after a quick sign-in and sign-out", async () => {
    stubFetch({ "GET /api/users/self/footer-facts": [200, facts] });
    renderScreen(Footer, "/");
    act(() => storeSession(makeToken({ exp: inOneHour() }), makeSelfUser()));
    await waitFor(() => expect(message().getAttribute("data-message")).toBe("footer.sign-in-prompt"));
    // Signed out before the flags reset: the sign-in message must not win.
    act(() => clearSession());
    await waitFor(() =>
      expect(message().getAttribute("data-message")).toBe("footer.footer-notification-sign-out"),
    );
    expect(message().textContent).toBe("You are signed out. See you soon!");
    expect(getFooterFlags().justLoggedIn).toBe(false);
  });

  it("never greets with an empty name: an account without a first name is greeted by username", async () => {
    stubFetch({ "GET /api/users/self/footer-facts": [200, facts] });
    renderScreen(Footer, "/");
    act(() => storeSession(makeToken({ exp: inOneHour() }), makeSelfUser({ first_name: "" })));
    await waitFor(() => expect(message().getAttribute("data-message")).toBe("footer.sign-in-prompt"));
    expect(message().textContent).toBe("You are signed in. Welcome back, ada!");
  });

  it("stops asking for verification once the address is verified", async () => {
    stubFetch({ "GET /api/users/self/footer-facts": [200, facts] });
    storeSession(makeToken({ exp: inOneHour() }), makeSelfUser({ email_verified: true }));
    act(() => raiseFooterFlag("needsMailVerification"));
    renderScreen(Footer, "/");
    await waitFor(() => expect(message().getAttribute("data-message")).toBe("footer.resources-count"));
  });

  it("asks a teacher how a resource they downloaded went, linking to its reviews (issue 21)", async () => {
    const asked = { ...facts, reviewPrompt: { id: "r1", name: "fractions-fun", title: "Fractions Fun" } };
    stubFetch({ "GET /api/users/self/footer-facts": [200, asked] });
    storeSession(makeToken({ exp: inOneHour() }), makeSelfUser());
    renderScreen(Footer, "/");
    await waitFor(() => expect(message().getAttribute("data-message")).toBe("footer.resources-count"));
    for (let i = 0; i < 8 && message().getAttribute("data-message") !== "footer.review-resource"; i += 1) {
      fireEvent.click(screen.getByRole("button", { name: "Next message" }));
    }
    expect(message().textContent).toBe("How did Fractions Fun go in your classroom? Rate it");
    expect(
      screen
        .getByRole("link", { name: "How did Fractions Fun go in your classroom? Rate it" })
        .getAttribute("href"),
    ).toBe("/resources/fractions-fun#reviews");
    // A gentle prompt: the footer's live region stays quiet for it, and nothing opens over the page.
    expect(message().getAttribute("aria-live")).toBe("off");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("does not ask for a review when no resource waits for one", async () => {
    stubFetch({ "GET /api/users/self/footer-facts": [200, facts] });
    storeSession(makeToken({ exp: inOneHour() }), makeSelfUser());
    renderScreen(Footer, "/");
    await waitFor(() => expect(message().getAttribute("data-message")).toBe("footer.resources-count"));
    const seen = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      fireEvent.click(screen.getByRole("button", { name: "Next message" }));
      seen.add(message().getAttribute("data-message") ?? "");
    }
    expect(seen).toContain("footer.referral");
    expect(seen).not.toContain("footer.review-resource");
  });

  it("pauses and resumes the rotation", async () => {
    stubFetch({});
    renderScreen(Footer, "/");
    const pause = await screen.findByRole("button", { name: "Pause messages" });
    fireEvent.click(pause);
    expect(screen.getByRole("button", { name: "Resume messages" }).getAttribute("aria-pressed")).toBe("true");
  });
});
