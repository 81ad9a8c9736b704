// The sync screens' query keys, per screen (the admin's stats are platform totals, a user's their own), under one root
// per screen so a sync can move the tiles, the contacts' last outcomes and the runs at once.
import type { SyncFilter } from "@contracts/crm";
import type { CrmArea } from "../paths";

export const crmQueryKey = (area: CrmArea) => ["crm", area] as const;
export const crmConnectionQueryKey = (area: CrmArea) => [...crmQueryKey(area), "connection"] as const;
export const syncStatsQueryKey = (area: CrmArea) => [...crmQueryKey(area), "stats"] as const;
export const syncCandidatesQueryKey = (area: CrmArea, page?: { filter: SyncFilter; page: number }) =>
  page ? ([...crmQueryKey(area), "candidates", page.filter, page.page] as const) : ([...crmQueryKey(area), "candidates"] as const);
export const syncRunsQueryKey = (area: CrmArea) => [...crmQueryKey(area), "runs"] as const;
export const syncRunQueryKey = (area: CrmArea, jobId: string) => [...crmQueryKey(area), "run", jobId] as const;
