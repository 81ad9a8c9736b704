// The SEO landing screen at /validate/…, /tools/mx-checker/… and /verify/… (the rest of the path is the slug), and
// /seo-removal/$token, where a removal request's mailed link leads. The landing routes are not lazy: the server's HTML
// already shows the page, and the screen must replace it at once, not after its chunk arrives.
import { SEO_PATH_PREFIXES, type SeoPageType } from "@contracts/seo";
import { createRoute } from "@tanstack/react-router";
import { LandingScreen, RemovalConfirmPage } from "@/features/seo";
import { usePageTitle } from "@/lib/page-title";
import { rootRoute } from "./root";

function landingRoute(pageType: SeoPageType) {
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path: `${SEO_PATH_PREFIXES[pageType]}$`,
    component: function SeoLandingRoute() {
      const { _splat: slug = "" } = route.useParams();
      // One screen per page: a new slug starts afresh (its query, its head tags, its live check).
      return <LandingScreen key={slug} pageType={pageType} slug={slug} />;
    },
  });
  return route;
}

export const validateLandingRoute = landingRoute("email_validate");
export const mxCheckerLandingRoute = landingRoute("mx_checker");
export const verifyLandingRoute = landingRoute("domain_verify");

export const seoRemovalRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/seo-removal/$token",
  component: SeoRemovalRoute,
});

function SeoRemovalRoute() {
  usePageTitle("Remove a landing page");
  const { token } = seoRemovalRoute.useParams();
  return <RemovalConfirmPage token={token} />;
}
