import { DEFAULT_TEXTS } from "@market/domain";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../state/query-client.ts";
import { siteQueries } from "../state/site-config.ts";
import { stubFetch } from "../test/render.tsx";
import CaptchaDialog from "./CaptchaDialog.tsx";

const challenge = (id: string) => ({
  id,
  challenge: "Select every blue circle.",
  inputs: Array.from({ length: 9 }, (_, i) => ({ code: `${id}-${i}`, image: "data:image/png;base64,AA" })),
});
const WORDS = ["dog", "spoon", "tram", "owl", "harp", "knee", "sofa", "golf", "plum"];
const wordChallenge = (id: string) => ({
  id,
  challenge: "Select every word that names an animal.",
  inputs: WORDS.map((text, i) => ({ code: `${id}-${i}`, text })),
});

/** The dialog's controls a Tab key visits, in order (enabled buttons, by their accessible names). */
const tabStops = () =>
  [...screen.getByRole("dialog").querySelectorAll<HTMLButtonElement>("button:not([disabled])")].map(
    (button) => button.getAttribute("aria-label") ?? button.querySelector("img")?.alt ?? button.textContent,
  );

function renderDialog(
  onDone = vi.fn(),
  reason: "requires_captcha" | "cooling_off" = "requires_captcha",
  earliestRetry: string | null = null,
) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(siteQueries.texts.queryKey, { ...DEFAULT_TEXTS });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <CaptchaDialog reason={reason} earliestRetry={earliestRetry} onDone={onDone} />
    </QueryClientProvider>,
  );
  return { ...view, onDone };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("CaptchaDialog", () => {
  it("checks for 0.5 s, shows a failure for 2 s, then loads a new challenge", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    let served = 0;
    const { calls } = stubFetch({
      "GET /api/auth/captcha": () => {
        served += 1;
        return [200, challenge(`c${served}`)];
      },
      "POST /api/auth/captcha": [200, { timeout: 2 }],
    });
    renderDialog();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole("dialog", { name: "Confirm you are a person" })).toBeTruthy();
    expect(screen.getByText("Select every blue circle.")).toBeTruthy();
    const option = screen.getByRole("button", { name: "Option 3" });
    fireEvent.click(option);
    expect(option.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText("Checking…")).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(490));
    expect(screen.getByText(/That was not right/)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ id: "c1", inputCodes: ["c1-2"] });
    await act(() => vi.advanceTimersByTimeAsync(1990));
    expect(screen.getByText(/That was not right/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(served).toBe(2);
    expect(screen.getByRole("button", { name: "Option 1" }).getAttribute("aria-pressed")).toBe("false");
  });

  it("hands back the captcha token on success; Reset clears the choices", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    stubFetch({
      "GET /api/auth/captcha": [200, challenge("c1")],
      "POST /api/auth/captcha": [200, { captchaToken: "cap-token" }],
    });
    const { onDone } = renderDialog();
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.click(screen.getByRole("button", { name: "Option 1" }));
    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    expect(screen.getByRole("button", { name: "Option 1" }).getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: "Option 2" }));
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(onDone).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onDone).toHaveBeenCalledWith("cap-token");
  });

  it("offers a text question instead: the switch is the first stop, words are toggle buttons, same POST", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    let served = 0;
    const { calls } = stubFetch({
      "GET /api/auth/captcha": (call) => {
        served += 1;
        return [200, call.url.includes("mode=text") ? wordChallenge(`t${served}`) : challenge(`c${served}`)];
      },
      "POST /api/auth/captcha": [200, { captchaToken: "cap-token" }],
    });
    const { onDone } = renderDialog();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls[0]?.url).toContain("mode=image");
    const toText = screen.getByRole("button", { name: "Use a text question instead" });
    // Focus starts on the switch, before nine pictures a screen reader can only call "Option n".
    expect(document.activeElement).toBe(toText);
    expect(tabStops()).toEqual([
      "Use a text question instead",
      ...Array.from({ length: 9 }, (_, i) => `Option ${i + 1}`),
      "Cancel",
      "Check",
    ]);

    fireEvent.click(toText);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls.at(-1)?.url).toContain("mode=text");
    // The same button, relabelled, so focus stays where the user is; the new question is announced.
    expect(toText.textContent).toBe("Use pictures instead");
    expect(document.activeElement).toBe(toText);
    const question = screen.getByText("Select every word that names an animal.");
    expect(question.closest("[aria-live=polite]")).toBeTruthy();
    const choices = screen.getByRole("group", { name: "Select every word that names an animal." });
    expect(tabStops()).toEqual(["Use pictures instead", ...WORDS, "Cancel", "Check"]);
    expect(choices.querySelectorAll("img")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "dog", pressed: false }));
    fireEvent.click(screen.getByRole("button", { name: "owl" }));
    expect(screen.getByRole("button", { name: "dog" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ id: "t2", inputCodes: ["t2-0", "t2-3"] });
    expect(onDone).toHaveBeenCalledWith("cap-token");
  });

  it("keeps the text question after a failure, and goes back to pictures on request", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    let served = 0;
    const { calls } = stubFetch({
      "GET /api/auth/captcha": (call) => {
        served += 1;
        return [200, call.url.includes("mode=text") ? wordChallenge(`t${served}`) : challenge(`c${served}`)];
      },
      "POST /api/auth/captcha": [200, { timeout: 2 }],
    });
    renderDialog();
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.click(screen.getByRole("button", { name: "Use a text question instead" }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.click(screen.getByRole("button", { name: "plum" }));
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    // Checking and the failure notice: no switching away mid-answer.
    expect(screen.getByRole("button", { name: "Use pictures instead" }).hasAttribute("disabled")).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByText(/That was not right/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(calls.filter((c) => c.method === "GET").map((c) => c.url.includes("mode=text"))).toEqual([
      false,
      true,
      true,
    ]);
    expect(screen.getByRole("button", { name: "dog" }).getAttribute("aria-pressed")).toBe("false");

    fireEvent.click(screen.getByRole("button", { name: "Use pictures instead" }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls.at(-1)?.url).toContain("mode=image");
    const pictures = screen.getAllByRole("img");
    expect(pictures.map((img) => img.getAttribute("alt"))).toEqual(
      Array.from({ length: 9 }, (_, i) => `Option ${i + 1}`),
    );
  });

  it("shows the cooling-off countdown and gives up with null on Cancel", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.setSystemTime(Date.parse("2030-01-01T10:00:00Z"));
    stubFetch({ "GET /api/auth/captcha": [200, challenge("c1")] });
    const { onDone } = renderDialog(vi.fn(), "cooling_off", "2030-01-01T10:15:00Z");
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText("Too many failed logins. You can log in again in 15:00.")).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText("Too many failed logins. You can log in again in 14:59.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onDone).toHaveBeenCalledWith(null);
  });
});
