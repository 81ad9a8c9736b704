// The app taking over a landing page seo-pages rendered: its first render must already be that page.
// The router first, as main.tsx has it: the routes' modules import one another in the order the app loads them.
import { createAppRouter } from "./router";
import { act, screen } from "@testing-library/react";
import { createMemoryHistory } from "@tanstack/react-router";
import { afterEach, describe, expect, it } from "vitest";
import { json, mockNetwork } from "@/test/network";
import { seoPage } from "@/test/seo";
import { mountApp } from "./mount";
import { createQueryClient } from "./query-client";

let root: HTMLElement;

afterEach(() => {
  root.remove();
  document.getElementById("seo-page-data")?.remove();
});

/** The h1 the root shows after each change React makes to it, in order. */
function recordHeadings(element: HTMLElement): (string | null)[] {
  const seen: (string | null)[] = [];
  new MutationObserver(() => seen.push(element.querySelector("h1")?.textContent ?? null)).observe(element, {
    childList: true,
    subtree: true,
  });
  return seen;
}

describe("mountApp", () => {
  it("replaces the server's landing page with the same page, never with an empty frame", async () => {
    const page = seoPage();
    root = document.createElement("div");
    root.innerHTML = `<main><article><h1>${page.h1}</h1></article></main>`;
    document.body.append(root);
    const script = document.createElement("script");
    script.id = "seo-page-data";
    script.type = "application/json";
    script.textContent = JSON.stringify(page);
    document.body.append(script);
    mockNetwork({
      "GET /api/seo/mx_checker/acme-corp.test": () => json(page),
      "GET /api/anonymous/session": () => json({ message: "not needed here" }, { status: 503 }),
      "POST /api/campaign-delivery": () => json({ message: "not needed here" }, { status: 503 }),
    });
    const queryClient = createQueryClient();
    const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: ["/tools/mx-checker/acme-corp.test"] }) });
    const headings = recordHeadings(root);

    await act(() => mountApp(root, { queryClient, router }));
    expect(await screen.findByRole("heading", { level: 1, name: page.h1 })).toBeVisible();
    expect(headings.length).toBeGreaterThan(0);
    expect(headings.every((heading) => heading === page.h1)).toBe(true);
  });
});
