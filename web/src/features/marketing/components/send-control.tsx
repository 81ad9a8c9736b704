// A push notification's or email campaign's send, as its row shows it: a Sent badge once sent; "Sending… n of N" with
// a bar while its batches go out (moved on live by the progress events); otherwise, for an active item, Send, which
// first asks, saying how many people the send would reach now.
import type { CampaignSend } from "@contracts/marketing";
import { SendIcon } from "lucide-react";
import { useState } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ColumnDef } from "@/components/ui/data-table";
import { TextField } from "@/components/ui/form";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { formatCount } from "@/lib/format";
import { type SendablePath, useSendAudience, useSendCampaign } from "../api/send-campaign";
import { labelOf } from "../labels";

export type SendableItem = { id: string; isActive: boolean; sentAt: string | null; send: CampaignSend | null };

/** The managers' Send column: the send's state, or its button. */
export function sendColumn<Item extends SendableItem>(path: SendablePath, noun: string, name: (item: Item) => string): ColumnDef<Item> {
  return {
    id: "send",
    header: "Send",
    enableSorting: false,
    cell: ({ row }) => <SendControl path={path} item={row.original} name={name(row.original)} noun={noun} />,
  };
}

/** When a send starts by itself; without one, the admin starts it with Send. */
export function ScheduledForField({ registration, error }: { registration: UseFormRegisterReturn; error?: FieldError }) {
  return (
    <TextField label="Scheduled for" type="datetime-local" hint="Leave empty to send with Send" registration={registration} error={error} />
  );
}

type SendControlProps = { path: SendablePath; item: SendableItem; name: string; noun: string };

export function SendControl({ path, item, name, noun }: SendControlProps) {
  const { sentAt, send } = item;
  if (sentAt) return <Badge variant="success">Sent</Badge>;
  if (send && (send.status === "queued" || send.status === "running")) {
    return (
      <div className="grid min-w-32 gap-1">
        <span role="status" className="text-xs text-muted-foreground">
          Sending… {formatCount(send.processed)} of {formatCount(send.total)}
        </span>
        <Progress value={send.processed} max={Math.max(send.total, 1)} aria-label={`Sending ${name}`} />
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {send?.status === "failed" && <Badge variant="destructive">Send failed</Badge>}
      {item.isActive && <SendButton path={path} id={item.id} name={name} noun={noun} />}
    </div>
  );
}

function SendButton({ path, id, name, noun }: { path: SendablePath; id: string; name: string; noun: string }) {
  const [open, setOpen] = useState(false);
  const audience = useSendAudience(path, id, open);
  const sendCampaign = useSendCampaign(path);

  async function confirm() {
    try {
      await sendCampaign.mutateAsync(id);
      toast({ title: "Success", description: `${labelOf(noun)} sent successfully` });
      setOpen(false);
    } catch (error) {
      toast({ title: "Error", description: messageOf(error, `Failed to send ${noun}`), variant: "destructive" });
    }
  }

  const reach = audience.data
    ? `It goes to ${formatCount(audience.data.recipients)} ${audience.data.recipients === 1 ? "person" : "people"} now.`
    : audience.isError
      ? "The number of recipients could not be counted."
      : "Counting the recipients…";

  return (
    <>
      <Button size="sm" aria-label={`Send ${name}`} onClick={() => setOpen(true)}>
        <SendIcon aria-hidden />
        Send
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Send ${labelOf(noun).toLowerCase()}?`}
        description={`Send “${name}” now? ${reach}`}
        confirmLabel="Send now"
        pendingLabel="Sending..."
        pending={sendCampaign.isPending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
