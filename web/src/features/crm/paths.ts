// Where each sync screen's requests go. The admin's screen works on the admin's own Zoho connection through the admin
// paths (its stats are platform totals); every user's works on their own under /api/crm/zoho. Connecting and
// disconnecting are a person's own business either way, so both screens use the user paths for them, and Zoho's
// redirect comes back to the screen that asked.
export const CRM_AREAS = ["admin", "account"] as const;
export type CrmArea = (typeof CRM_AREAS)[number];

type ApiPath = `/api/${string}`;

export type CrmPaths = {
  area: CrmArea;
  /** GET: the connection's status. */
  connection: ApiPath;
  /** POST: the consent URL; DELETE on `disconnect`. */
  connect: ApiPath;
  disconnect: ApiPath;
  /** The screen Zoho's redirect returns to. */
  screen: "/admin/zoho-sync" | "/account/integrations";
  /** The base of test-connection, sync-candidates, sync-stats, sync-contact, bulk-sync and sync-runs. */
  sync: ApiPath;
};

const USER_BASE = "/api/crm/zoho";
const ADMIN_BASE = "/api/admin/zoho";

export function crmPaths(area: CrmArea): CrmPaths {
  const own = { connect: `${USER_BASE}/connect`, disconnect: USER_BASE } as const;
  return area === "admin"
    ? { area, ...own, connection: `${ADMIN_BASE}/connection`, screen: "/admin/zoho-sync", sync: ADMIN_BASE }
    : { area, ...own, connection: USER_BASE, screen: "/account/integrations", sync: USER_BASE };
}
