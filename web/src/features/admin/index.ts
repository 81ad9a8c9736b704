// The admin dashboard, as the routes reach it.
export { AdminDashboard } from "./components/admin-dashboard";
export { ADMIN_TAB_LABELS, ADMIN_TABS, type AdminTab } from "./tabs";
