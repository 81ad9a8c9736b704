// A sync screen: the connection, the six tiles, the options, the contacts table and the recent runs. One screen serves
// the admin (/admin/zoho-sync) and every user (/account/integrations); `area` says whose data it works on. Zoho's
// redirect lands here with ?zoho=connected or ?zoho=error&reason=…, said once in a toast, then cleaned from the address.
import type { SyncOptions } from "@contracts/crm";
import { useEffect, useState } from "react";
import { toast } from "@/components/ui/toast-store";
import { useCrmConnection } from "../api/get-connection";
import { type CrmCallbackSearch, callbackToast } from "../callback";
import { type CrmArea, crmPaths } from "../paths";
import { CandidatesTable } from "./candidates-table";
import { ConnectionAlert } from "./connection-alert";
import { DEFAULT_SYNC_OPTIONS, SyncOptionsCard } from "./sync-options-card";
import { SyncRunsList } from "./sync-runs-list";
import { SyncStatsTiles } from "./sync-stats-tiles";

type CrmSyncPageProps = {
  area: CrmArea;
  /** The address's ?zoho= and ?reason=. */
  callback: CrmCallbackSearch;
  /** Removes the callback's query from the address, so a reload does not say it again. */
  onCallbackShown: () => void;
};

export function CrmSyncPage({ area, callback, onCallbackShown }: CrmSyncPageProps) {
  const paths = crmPaths(area);
  const [options, setOptions] = useState<SyncOptions>(DEFAULT_SYNC_OPTIONS);
  const connection = useCrmConnection(paths);
  useCallbackToast(callback, onCallbackShown);
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

function useCallbackToast({ zoho, reason }: CrmCallbackSearch, onCallbackShown: () => void): void {
  useEffect(() => {
    const shown = callbackToast({ zoho, reason });
    if (!shown) return;
    toast(shown);
    onCallbackShown();
  }, [zoho, reason, onCallbackShown]);
}
