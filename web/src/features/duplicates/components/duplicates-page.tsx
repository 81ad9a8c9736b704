// /admin/duplicates: saved contacts that reach the same inbox, platform-wide. The groups on the left, the selected
// group's records on the right; Recent merges lists what was merged, edited or deleted, with Undo while it can be.
// Undo is held here, above both tabs, so the toast's Undo still works after its group has gone from the screen.
import { MERGE_UNDO_DAYS } from "@contracts/duplicates";
import { useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AdminSection } from "@/features/admin";
import { useUndoMerge } from "../api/merges";
import { GroupRecords } from "./group-records";
import { GroupsPanel } from "./groups-panel";
import { RecentMerges } from "./recent-merges";

export function DuplicatesPage() {
  const [selectedEmail, setSelectedEmail] = useState<string | null>(null);
  const undo = useUndoMerge();
  const onUndo = (mergeId: number) => undo.mutate(mergeId);

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <AdminSection
        title="Duplicate contacts"
        level={1}
        description={`Saved contacts that reach the same inbox. Keep one record, merge the others into it; a merge can be undone for ${MERGE_UNDO_DAYS} days.`}
      >
        <Tabs defaultValue="groups">
          <TabsList aria-label="Duplicates views" className="max-w-sm">
            <TabsTrigger value="groups">Duplicates</TabsTrigger>
            <TabsTrigger value="merges">Recent merges</TabsTrigger>
          </TabsList>
          <TabsContent value="groups" className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
            <GroupsPanel selectedEmail={selectedEmail} onSelect={setSelectedEmail} />
            {selectedEmail ? (
              <GroupRecords key={selectedEmail} email={selectedEmail} onUndo={onUndo} />
            ) : (
              <p className="self-start rounded-xl border border-dashed p-10 text-center text-sm text-muted-foreground">
                Choose an email to see its records.
              </p>
            )}
          </TabsContent>
          <TabsContent value="merges">
            <RecentMerges onUndo={onUndo} undoing={undo.isPending} />
          </TabsContent>
        </Tabs>
      </AdminSection>
    </div>
  );
}
