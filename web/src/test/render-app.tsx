import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryHistory } from "@tanstack/react-router";
import { App } from "@/app/app";
import { createQueryClient } from "@/app/query-client";
import { createAppRouter } from "@/app/router";
import { Toaster } from "@/components/ui/toaster";
import { AuthProvider } from "@/features/auth";
import type { ReactElement } from "react";

/**
 * The real app (providers, router, routes) at `path`, in memory instead of the browser's address bar. Resolves once
 * the router has rendered its first screen.
 */
export async function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  const user = userEvent.setup();
  const rendered = render(<App queryClient={queryClient} router={router} />);
  await screen.findByRole("main");
  return { ...rendered, router, queryClient, user };
}

/** A piece of the app under the same providers the app gives it, for feature-level tests that need no routes. */
export function renderWithAuth(ui: ReactElement) {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  return {
    ...render(
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          {ui}
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>,
    ),
    queryClient,
    user,
  };
}
