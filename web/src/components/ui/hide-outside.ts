// While a modal dialog is open, the page behind it is hidden from assistive technology. Radix's Dialog tries to, with
// aria-hidden's hideOthers, but that leaves every aria-live region exposed together with everything inside it, so
// that announcements keep being read. Our live regions wrap whole parts of the page (the validation result, with its
// Save to Contacts button), which a screen reader therefore still found behind the dialog. This hides everything
// outside the dialog, live regions included. Notifications raised meanwhile are still heard: Radix's toasts announce
// through a live region of their own, added to <body> after the dialog opened.

/** How many open dialogs hide each element (a dialog opened from a dialog hides the first one too). */
const hiddenBy = new WeakMap<Element, number>();
/** The elements whose aria-hidden we set, so that closing never removes one the page set itself. */
const hiddenByUs = new WeakSet<Element>();

/** Sets aria-hidden on every element outside `dialog`: the siblings of it and of each of its ancestors up to <body>. */
export function hideOutside(dialog: Element): () => void {
  const onTheWay = new Set<Element>();
  for (let node: Element | null = dialog; node; node = node.parentElement) onTheWay.add(node);
  const hidden: Element[] = [];
  const hideAround = (parent: Element) => {
    for (const child of parent.children) {
      if (child === dialog || child.tagName === "SCRIPT") continue;
      if (onTheWay.has(child)) {
        hideAround(child);
        continue;
      }
      hide(child);
      hidden.push(child);
    }
  };
  hideAround(dialog.ownerDocument.body);
  return () => hidden.forEach(reveal);
}

function hide(element: Element): void {
  const count = hiddenBy.get(element) ?? 0;
  if (count === 0 && element.getAttribute("aria-hidden") !== "true") {
    element.setAttribute("aria-hidden", "true");
    hiddenByUs.add(element);
  }
  hiddenBy.set(element, count + 1);
}

function reveal(element: Element): void {
  const count = (hiddenBy.get(element) ?? 1) - 1;
  if (count > 0) {
    hiddenBy.set(element, count);
    return;
  }
  hiddenBy.delete(element);
  if (hiddenByUs.has(element)) {
    element.removeAttribute("aria-hidden");
    hiddenByUs.delete(element);
  }
}
