// The SEO feature's public face: the landing screen and the removal link's screen for the public routes, the
// dashboard for /admin/seo.
export { hasEmbeddedSeoPage } from "./embedded-page";
export { LandingScreen } from "./components/landing-screen";
export { RemovalConfirmPage } from "./components/removal-confirm-page";
export { SeoDashboard, type SeoDashboardView } from "./admin/seo-dashboard";
export { SEO_TABS, type SeoTab } from "./admin/labels";
