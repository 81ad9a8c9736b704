// The admin dashboard and the platform analytics page, as the routes reach them.
export { type AdminDashboardView, AdminDashboard } from "./components/admin-dashboard";
export { PlatformAnalyticsPage } from "./analytics/platform-analytics-page";
export { ADMIN_TAB_LABELS, ADMIN_TABS, type AdminTab } from "./tabs";
// A payment's status and method as the finances tab words them; a buyer's own payment history words them the same.
export { paymentMethodLabel } from "./finances/payment-methods";
export { PaymentStatusBadge } from "./finances/payment-status-badge";
// The admin screens' building blocks, for the admin areas other features hold (marketing).
export { AdminSection } from "./components/admin-section";
export { StatCard } from "./components/stat-card";
export { adminSearchParams } from "./api/admin-search-params";
export { countColumn, whenColumn } from "./users/columns";
