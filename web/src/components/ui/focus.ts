/**
 * The one visible focus style every interactive element shares, so keyboard users always see where they are.
 * outline-solid is spelled out: outline-none also clears the outline style that outline-2 would otherwise inherit.
 */
export const focusRing =
  "outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-offset-2 focus-visible:outline-ring";
