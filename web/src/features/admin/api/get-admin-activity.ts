// GET /api/admin/activity: what the limiter recorded (refusals, sign-ins, anomalies), newest first, in cursor pages;
// with anomalous=true only the anomalies.
import { type ActivityPage, activityPageSchema } from "@contracts/admin";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { adminSearchParams } from "./admin-search-params";
import { cursorPagesOptions } from "./admin-cursor-pages";

export const adminActivityQueryKey = ["/api/admin/activity"] as const;

export async function getAdminActivity(
  query: { anomalousOnly: boolean; cursor?: number },
  signal?: AbortSignal,
): Promise<ActivityPage> {
  const search = adminSearchParams({ anomalous: query.anomalousOnly ? "true" : undefined, cursor: query.cursor });
  return readJson(await apiFetch(`/api/admin/activity${search}`, { signal }), activityPageSchema);
}

export function useAdminActivity(anomalousOnly: boolean) {
  return useInfiniteQuery(
    cursorPagesOptions([...adminActivityQueryKey, { anomalousOnly }], (cursor: number | undefined, signal) =>
      getAdminActivity({ anomalousOnly, cursor }, signal),
    ),
  );
}
