// Export CSV: every user, as the server writes them (streamed, formula-safe cells), saved as a file.
import { DownloadIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { exportUsersCsv } from "../api/export-users";

export function ExportUsersButton() {
  const [pending, setPending] = useState(false);

  async function exportUsers() {
    setPending(true);
    try {
      await exportUsersCsv();
      toast({ title: "Export ready", description: "The users CSV was downloaded" });
    } catch (error) {
      toast({ title: "Export Failed", description: messageOf(error, "Failed to export users. Please try again."), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <Button variant="outline" disabled={pending} onClick={() => void exportUsers()}>
      <DownloadIcon aria-hidden />
      {pending ? "Exporting..." : "Export users CSV"}
    </Button>
  );
}
