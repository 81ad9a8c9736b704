// GET /api/admin/seo/removal-requests?status=: requests to take a landing page down, newest first.
import { adminRemovalRequestSchema, type RemovalStatus } from "@contracts/seo";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import { removalRequestsQueryKey } from "./admin-seo-keys";

const removalRequestsAnswerSchema = z.object({ requests: z.array(adminRemovalRequestSchema) });

export function removalRequestsQueryOptions(status: RemovalStatus | undefined) {
  const query = status ? `?status=${status}` : "";
  return queryOptions({
    meta: userScoped,
    queryKey: [...removalRequestsQueryKey, status ?? "all"] as const,
    queryFn: async ({ signal }) =>
      (await readJson(await apiFetch(`/api/admin/seo/removal-requests${query}`, { signal }), removalRequestsAnswerSchema)).requests,
  });
}

export function useRemovalRequests(status: RemovalStatus | undefined) {
  return useQuery(removalRequestsQueryOptions(status));
}
