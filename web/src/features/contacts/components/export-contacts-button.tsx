// Export CSV: downloads the current view (search and list filter, all its pages) as a CSV file.
import type { ContactList } from "@contracts/contacts";
import { DownloadIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import { saveFile } from "@/lib/save-file";
import { getAllContacts } from "../api/export-contacts";
import { contactsToCsv } from "../csv/contacts-csv-export";

type ExportContactsButtonProps = {
  lists: ContactList[];
  view: { q?: string; listId?: number };
  /** How many contacts the view holds; nothing to export at 0. */
  total: number;
};

export function ExportContactsButton({ lists, view, total }: ExportContactsButtonProps) {
  const [pending, setPending] = useState(false);

  async function exportView() {
    setPending(true);
    try {
      const contacts = await getAllContacts(view);
      const csv = contactsToCsv(contacts, new Map(lists.map((list) => [list.id, list.name])));
      // The BOM tells spreadsheet programs the file is UTF-8.
      const file = new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" });
      saveFile(file, `contacts-${new Date().toISOString().slice(0, 10)}.csv`);
      toast({ title: "Success", description: `Exported ${contacts.length} contacts` });
    } catch {
      toast({ title: "Error", description: "Failed to export contacts", variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <Button variant="outline" disabled={pending || total === 0} onClick={() => void exportView()}>
      <DownloadIcon aria-hidden />
      {pending ? "Exporting..." : "Export CSV"}
    </Button>
  );
}
