// The connection's actions: POST connect (the consent URL the browser is sent to), DELETE (disconnects, and revokes
// the token at Zoho), and GET test-connection (a call to Zoho with the stored token). Each moves the status, which the
// screen refetches; a test that found the token refused has turned the connection to needs_reconnect.
import { connectAnswerSchema, type ConnectRequest, testConnectionSchema } from "@contracts/crm";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import type { CrmPaths } from "../paths";
import { crmConnectionQueryKey } from "./crm-keys";

function useConnectionChange<Answer>(paths: CrmPaths, mutationFn: () => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: crmConnectionQueryKey(paths.area) }),
  });
}

export function useConnect(paths: CrmPaths) {
  return useMutation({
    mutationFn: async () => {
      const body: ConnectRequest = { returnTo: paths.screen };
      return readJson(await apiFetch(paths.connect, { method: "POST", body }), connectAnswerSchema);
    },
  });
}

export function useDisconnect(paths: CrmPaths) {
  return useConnectionChange(paths, async () => {
    await apiFetch(paths.disconnect, { method: "DELETE" });
  });
}

export function useTestConnection(paths: CrmPaths) {
  return useConnectionChange(paths, async () =>
    readJson(await apiFetch(`${paths.sync}/test-connection`), testConnectionSchema),
  );
}
