// The email as its recipients get it (sanitised, links through the click redirect), in a sandboxed frame.
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { useEmailPreview } from "../api/get-email-preview";
import { SandboxedHtml } from "./sandboxed-html";

type EmailPreviewDialogProps = { campaignId: string | undefined; onClose: () => void };

export function EmailPreviewDialog({ campaignId, onClose }: EmailPreviewDialogProps) {
  const preview = useEmailPreview(campaignId);
  return (
    <Dialog open={campaignId !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Email preview</DialogTitle>
          <DialogDescription>{preview.data ? `Subject: ${preview.data.subject}` : "The message as recipients get it."}</DialogDescription>
        </DialogHeader>
        {preview.isError ? (
          <ErrorNotice onRetry={() => void preview.refetch()}>Could not build the preview.</ErrorNotice>
        ) : preview.data ? (
          <SandboxedHtml title="Email as sent" html={preview.data.html} className="h-[60vh]" />
        ) : (
          <div role="status">
            <span className="sr-only">Loading the preview</span>
            <Skeleton className="h-80" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
