import { afterEach, describe, expect, it } from "vitest";
import { adBlockerDetected, BAIT_CLASSES, baitBlocked, checkForAdBlocker } from "./ad-blocker.ts";

const bait = () => {
  const element = document.createElement("div");
  element.className = BAIT_CLASSES;
  document.body.appendChild(element);
  return element;
};

afterEach(() => {
  for (const style of document.head.querySelectorAll("style[data-test]")) style.remove();
  document.body.innerHTML = "";
});

describe("ad-blocker detection (spec 1: ads are hidden when an ad blocker is detected)", () => {
  it("judges a visible bait as no blocker, and a hidden, invisible or removed one as a blocker", () => {
    const shown = bait();
    expect(baitBlocked(shown, window)).toBe(false);
    const hidden = bait();
    hidden.style.display = "none";
    expect(baitBlocked(hidden, window)).toBe(true);
    const invisible = bait();
    invisible.style.visibility = "hidden";
    expect(baitBlocked(invisible, window)).toBe(true);
    const removed = bait();
    removed.remove();
    expect(baitBlocked(removed, window)).toBe(true);
  });

  it("finds a blocker whose filter list hides .adsbox, as EasyList does, and none without it", async () => {
    expect(await checkForAdBlocker()).toBe(false);
    expect(adBlockerDetected()).toBe(false);
    const style = document.createElement("style");
    style.dataset.test = "";
    style.textContent = ".adsbox { display: none !important; }";
    document.head.appendChild(style);
    expect(await checkForAdBlocker()).toBe(true);
    expect(adBlockerDetected()).toBe(true);
    expect(document.querySelector(".adsbox")).toBeNull();
  });
});
