// A sync screen: the connection, the six tiles, the options, the contacts table and the recent runs. One screen serves
// the admin (/admin/zoho-sync) and every user (/account/integrations); `area` says whose data it works on. Zoho's
// redirect lands here with ?zoho=connected or ?zoho=error&reason=…, said once in a toast, then cleaned from the address.
import type { SyncOptions } from "@contracts/crm";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { toast } from "@/components/ui/toast-store";
import { useCrmConnection } from "../api/get-connection";
import { callbackToast } from "../callback";
import { type CrmArea, crmPaths } from "../paths";
import { CandidatesTable } from "./candidates-table";
import { ConnectionAlert } from "./connection-alert";
import { DEFAULT_SYNC_OPTIONS, SyncOptionsCard } from "./sync-options-card";
import { SyncRunsList } from "./sync-runs-list";
import { SyncStatsTiles } from "./sync-stats-tiles";

export function CrmSyncPage({ area }: { area: CrmArea }) {
  const paths = crmPaths(area);
  const [options, setOptions] = useState<SyncOptions>(DEFAULT_SYNC_OPTIONS);
  const connection = useCrmConnection(paths);
  useCallbackToast();
  return (
    <div className="grid gap-6">
      <ConnectionAlert paths={paths} />
      <SyncStatsTiles paths={paths} />
      <SyncOptionsCard options={options} onChange={setOptions} />
      <CandidatesTable paths={paths} options={options} canSync={connection.data?.status === "connected"} />
      <SyncRunsList paths={paths} />
    </div>
  );
}

/** Says what Zoho's redirect brought, then takes it out of the address, so a reload does not say it again. */
function useCallbackToast(): void {
  // Both screens' routes read ?zoho= and ?reason= with crmCallbackSearchSchema.
  const { zoho, reason } = useSearch({ strict: false });
  const navigate = useNavigate();
  useEffect(() => {
    const shown = callbackToast({ zoho, reason });
    if (!shown) return;
    toast(shown);
    void navigate({ to: ".", search: {}, replace: true });
  }, [zoho, reason, navigate]);
}
