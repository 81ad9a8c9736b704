// /admin/system-popups: the product's own popups by type (tabs Upgrade Popup, Welcome Messages, Discount Offers), each
// a card with its texts; Edit opens the form beside a live preview in the card's place.
import type { AdminSystemPopup, PopupType } from "@contracts/popups";
import { WindIcon } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAdminSystemPopups } from "../api/get-admin-system-popups";
import { POPUP_TAB_LABELS, POPUP_TABS } from "../labels";
import { PopupCard } from "./popup-card";
import { PopupEditor } from "./popup-editor";

export function SystemPopupsScreen() {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">System Popups</h1>
        <p className="text-sm text-muted-foreground">
          The product's own popups: the upgrade offer, the welcome after registration and the one-time discount.
        </p>
      </div>
      <Tabs defaultValue={POPUP_TABS[0]}>
        <TabsList aria-label="Popup types" className="flex h-auto flex-wrap justify-start gap-1">
          {POPUP_TABS.map((type) => (
            <TabsTrigger key={type} value={type} className="flex-none">
              {POPUP_TAB_LABELS[type]}
            </TabsTrigger>
          ))}
        </TabsList>
        {POPUP_TABS.map((type) => (
          <TabsContent key={type} value={type}>
            <PopupList popupType={type} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function PopupList({ popupType }: { popupType: PopupType }) {
  const popups = useAdminSystemPopups();
  const [editing, setEditing] = useState<number | null>(null);

  if (popups.isPending) {
    return (
      <div role="status" className="grid gap-4">
        <span className="sr-only">Loading popups</span>
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (popups.isError) {
    return <ErrorNotice onRetry={() => void popups.refetch()}>The popups could not be loaded.</ErrorNotice>;
  }
  const ofType = popups.data.filter((popup: AdminSystemPopup) => popup.popupType === popupType);
  if (ofType.length === 0) {
    return <EmptyState icon={WindIcon} title="No popups of this type" description="The migrations seed one of each type." />;
  }
  return (
    <div className="grid gap-4">
      {ofType.map((popup) =>
        editing === popup.id ? (
          <PopupEditor key={popup.id} popup={popup} onDone={() => setEditing(null)} />
        ) : (
          <PopupCard key={popup.id} popup={popup} onEdit={() => setEditing(popup.id)} />
        ),
      )}
    </div>
  );
}
