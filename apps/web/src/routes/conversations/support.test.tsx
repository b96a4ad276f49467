import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import { MessageSection } from "./MessageSection.tsx";
import SupportPage from "./SupportPage.tsx";

const THREAD_ID = "22222222-2222-4222-8222-222222222222";
const asker = { id: "u1", username: "tess", first_name: "Tess", avatar_locator: null };

function thread(messages: string[]) {
  return {
    id: THREAD_ID,
    subject: "Cannot open my download",
    status: "open",
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    messageCount: messages.length,
    lastMessage: messages.at(-1),
    user: asker,
    messages: messages.map((body, i) => ({
      id: `m${i}`,
      body,
      createdAt: "2026-03-01T10:00:00.000Z",
      fromSupport: false,
      author: "Tess",
    })),
  };
}

beforeEach(() => storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser({ id: "u1" })));
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("a new support question", () => {
  it("says a subject over the limit in the site's words and sends nothing until it fits", async () => {
    const { calls } = stubFetch({
      "GET /api/support/threads": [200, { supportThreads: [], total: 0 }],
      "POST /api/support/threads": [201, { thread: thread(["The file is damaged."]), mailed: true }],
      [`GET /api/support/threads/${THREAD_ID}`]: [200, thread(["The file is damaged."])],
    });
    renderScreen(SupportPage, "/support");
    const form = await screen.findByRole("form", { name: "Ask a new question" });
    fireEvent.change(within(form).getByLabelText("Subject"), { target: { value: "x".repeat(121) } });
    fireEvent.change(within(form).getByLabelText("Your question"), {
      target: { value: "  The file is damaged.  " },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Send to support" }));
    expect(await within(form).findByText("Too long: 121 of 120 characters")).toBeTruthy();
    expect(within(form).getByLabelText("Subject").getAttribute("aria-invalid")).toBe("true");
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(within(form).getByLabelText("Subject"), {
      target: { value: "Cannot open my download" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Send to support" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      subject: "Cannot open my download",
      body: "The file is damaged.",
    });
    expect(await screen.findByRole("heading", { name: "Cannot open my download" })).toBeTruthy();
  });

  it("sends a reply trimmed, then empties the box; a refused reply keeps what was written", async () => {
    let refuse = true;
    const { calls } = stubFetch({
      [`GET /api/support/threads/${THREAD_ID}`]: [200, thread(["The file is damaged."])],
      [`POST /api/support/threads/${THREAD_ID}/messages`]: () =>
        refuse
          ? [503, { error: "unavailable", message: "Try later" }]
          : [201, { thread: thread(["The file is damaged.", "It works now."]), mailed: true }],
    });
    renderScreen(SupportPage, `/support?thread=${THREAD_ID}`, "/support");
    const reply = await screen.findByLabelText("Your reply");
    expect(screen.getByText("0 of 5000 characters")).toBeTruthy();
    fireEvent.change(reply, { target: { value: " It works now. " } });
    expect(screen.getByText("15 of 5000 characters")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send reply" }));
    expect(await screen.findByText("We could not send that. Please try again.")).toBeTruthy();
    expect((reply as HTMLTextAreaElement).value).toBe(" It works now. ");

    refuse = false;
    fireEvent.click(screen.getByRole("button", { name: "Send reply" }));
    await waitFor(() => expect((reply as HTMLTextAreaElement).value).toBe(""));
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { body: "It works now." },
      { body: "It works now." },
    ]);
  });
});

describe("a message to a creator", () => {
  it("checks the message against its own limit and says when the creator blocked the sender", async () => {
    const { calls } = stubFetch({
      "POST /api/messages": [403, { error: "forbidden", message: "Blocked" }],
    });
    renderScreen(
      () => <MessageSection user={{ username: "creator1", first_name: "Cora" }} isOwn={false} />,
      "/m",
    );
    const box = await screen.findByLabelText("Your message");
    fireEvent.change(box, { target: { value: "y".repeat(2001) } });
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText("Too long: 2001 of 2000 characters")).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(box, { target: { value: "Hello again?" } });
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText("Cora does not accept messages from you.")).toBeTruthy();
    expect(calls[0]?.body).toEqual({ recipient: "creator1", body: "Hello again?" });
  });
});
