// Puts the app into the page's root element. When seo-pages served the page, its HTML already shows a landing page
// there: the router matches the address before React's first render, so that render (which replaces the server's
// markup) is the same page rather than an empty frame for a moment.
import type { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { hasEmbeddedSeoPage } from "@/features/seo";
import { App } from "./app";
import type { createAppRouter } from "./router";

type MountOptions = { queryClient: QueryClient; router: ReturnType<typeof createAppRouter> };

export async function mountApp(root: HTMLElement, { queryClient, router }: MountOptions): Promise<void> {
  if (hasEmbeddedSeoPage()) await router.load();
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}
