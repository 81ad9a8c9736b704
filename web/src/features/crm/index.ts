// The CRM sync screens, as the routes reach them: one screen for the admin's and every user's own Zoho connection.
export { crmCallbackSearchSchema } from "./callback";
export { CrmSyncPage } from "./components/crm-sync-page";
export { type CrmArea, crmPaths } from "./paths";
