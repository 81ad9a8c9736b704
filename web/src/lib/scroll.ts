/**
 * Brings an element that just filled with news (results below the form on a phone) into view. An element whose top is
 * already on screen stays put, so a wide layout with results beside the form doesn't jump; people who asked for
 * reduced motion get an instant jump instead of a glide.
 */
export function scrollIntoViewIfHidden(element: HTMLElement): void {
  const { top } = element.getBoundingClientRect();
  if (top >= 0 && top < window.innerHeight * 0.6) return;
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  element.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
}
