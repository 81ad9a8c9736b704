// /bulk-validation: three tabs, the one in view kept in the address bar. Once a file is sent and its job has
// started, the screen switches to My Sessions, where its progress shows live.
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { BULK_TAB_LABELS, BULK_TABS, type BulkTab } from "../tabs";
import { useUploadFlow } from "../upload/upload-flow";
import { FaqTab } from "./faq-tab";
import { SessionsTab } from "./sessions-tab";
import { UploadTab } from "./upload-tab";

type BulkValidationPageProps = { tab: BulkTab; onTabChange: (tab: BulkTab) => void };

export function BulkValidationPage({ tab, onTabChange }: BulkValidationPageProps) {
  const flow = useUploadFlow(() => onTabChange("sessions"));
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Bulk Email Validation</h1>
        <p className="text-muted-foreground">
          Upload a file of up to 100,000 emails, map its columns, and download the validated file.
        </p>
      </div>
      <Tabs value={tab} onValueChange={(value) => onTabChange(value as BulkTab)}>
        <TabsList className="max-w-xl">
          {BULK_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {BULK_TAB_LABELS[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="upload">
          <UploadTab flow={flow} />
        </TabsContent>
        <TabsContent value="sessions">
          <SessionsTab onUpload={() => onTabChange("upload")} />
        </TabsContent>
        <TabsContent value="faq">
          <FaqTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
