import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// find* and waitFor wait for a condition; Testing Library's default of 1 s is too short when the whole
// suite shares two cores (CI runs the server tests beside these), and a page's re-render after a mocked
// answer was seen to take longer. A passing wait still ends as soon as its condition holds.
configure({ asyncUtilTimeout: 4000 });

// jsdom has no layout; ScrollRestoration calls scrollTo on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
