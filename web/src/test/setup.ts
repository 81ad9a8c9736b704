import "@testing-library/jest-dom/vitest";
import { act, cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
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

afterEach(() => {
  cleanup();
  act(() => dismissToast());
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = "";
  document.documentElement.removeAttribute("style");
});
