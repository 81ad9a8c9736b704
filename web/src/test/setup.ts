import "@testing-library/jest-dom/vitest";
import { act, cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { dismissToast } from "@/components/ui/toast-store";

// The test DOM (happy-dom) lacks a few browser APIs that Radix's menus and popovers call; these stand-ins do nothing,
// as a browser with nothing to measure would.
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
// The router restores scroll positions on navigation; the test DOM has no layout to scroll.
window.scrollTo = () => {};

// Realtime is a boundary like fetch: every test's topics are played by the test (test/realtime.ts), and none opens a
// socket to a stack that is not there (signed in, the header's badge joins the user's topic on every screen).
vi.mock("@/lib/realtime", () => import("./realtime"));

afterEach(() => {
  cleanup();
  act(() => dismissToast());
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = "";
  document.documentElement.removeAttribute("style");
});
