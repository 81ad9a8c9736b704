import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { AuthProvider } from "@/features/auth";
import type { createAppRouter } from "./router";

type AppProps = {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
};

/** The whole app around a given router: the entry point passes the browser's, tests pass one in memory. */
export function App({ queryClient, router }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
