// The admin's screen of every user's API keys, as the route reaches it.
export { ApiManagementPage } from "./components/api-management-page";
