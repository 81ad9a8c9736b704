// The admin dashboard and the platform analytics page, as the routes reach them.
export { type AdminDashboardView, AdminDashboard } from "./components/admin-dashboard";
export { PlatformAnalyticsPage } from "./analytics/platform-analytics-page";
export { ADMIN_TAB_LABELS, ADMIN_TABS, type AdminTab } from "./tabs";
