import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet, useRouter } from "@tanstack/react-router";
import { Footer } from "@/components/layout/footer";
import { Header } from "@/components/layout/header";
import { Button } from "@/components/ui/button";
import { focusRing } from "@/components/ui/focus";
import { Toaster } from "@/components/ui/toaster";
import { NeedsCreditsDialog } from "@/features/account";
import { useAuth } from "@/features/auth";
import { BannerSlot, CampaignOffers, CampaignPopup, CampaignSlotsProvider } from "@/features/campaigns";
import { WelcomeDialog } from "@/features/popups";
import { cn } from "@/lib/cn";
import { NotFoundScreen } from "./not-found";

/** What every route may use while loading. Who is signed in lives in the query cache, under the current-user key. */
export type RouterContext = {
  queryClient: QueryClient;
};

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: ErrorScreen,
});

function RootLayout() {
  const { user, isLoading } = useAuth();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className={cn(
          "sr-only rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50",
          focusRing,
        )}
      >
        Skip to content
      </a>
      <CampaignSlotsProvider isAdmin={isLoading ? undefined : (user?.isAdmin ?? false)}>
        <Header />
        <BannerSlot placement="header" />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          <Outlet />
          <CampaignOffers />
        </main>
        <BannerSlot placement="footer" />
        <Footer />
        <CampaignPopup />
      </CampaignSlotsProvider>
      {/* Any call refused for want of credits, on any screen, opens the upgrade offer. */}
      <NeedsCreditsDialog />
      {/* Once, right after a registration. */}
      <WelcomeDialog userId={isLoading ? undefined : (user?.id ?? null)} />
      <Toaster />
    </div>
  );
}

function ErrorScreen() {
  const router = useRouter();
  return (
    <div className="mx-auto grid max-w-xl gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="text-muted-foreground">The page could not be loaded. Please try again in a moment.</p>
      <div>
        <Button onClick={() => void router.invalidate()}>Try again</Button>
      </div>
    </div>
  );
}
