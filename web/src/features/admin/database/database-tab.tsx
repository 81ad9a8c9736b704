// The database tab: the whole database as a JSON file, secrets left out, at most once a minute per admin.
import { DATABASE_EXPORT_EVERY_SECONDS } from "@contracts/admin";
import { DatabaseIcon, DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/toast-store";
import { refusalOf } from "@/lib/api";
import { useExportDatabase } from "./api/export-database";

export function DatabaseTab() {
  const download = useExportDatabase();
  const start = () =>
    download.mutate(undefined, {
      onSuccess: () => toast({ title: "Database exported", description: "The JSON file is in your downloads." }),
      onError: (error) =>
        toast({
          title: "Export Failed",
          // Too soon after the last export: the server says when the next one may start.
          description: refusalOf(error) ?? "Failed to export database. Please try again.",
          variant: "destructive",
        }),
    });

  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <DatabaseIcon className="size-5" aria-hidden />
          Export the database
        </CardTitle>
        <CardDescription>
          One JSON file with every table, starting with a manifest of the tables and their row counts.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
          <li>
            Secrets are left out: password hashes, refresh tokens, payment credentials, discount codes and every other
            secret column.
          </li>
          <li>
            At most one export every {DATABASE_EXPORT_EVERY_SECONDS} seconds: it reads every table, so another one sooner
            is refused.
          </li>
          <li>The file holds personal data of every user: keep it as safe as the database itself.</li>
        </ul>
        <div>
          <Button disabled={download.isPending} onClick={start}>
            <DownloadIcon aria-hidden />
            {download.isPending ? "Exporting..." : "Export database (JSON)"}
          </Button>
        </div>
        <p role="status" className="sr-only">
          {download.isPending ? "Exporting the database" : ""}
        </p>
      </CardContent>
    </Card>
  );
}
