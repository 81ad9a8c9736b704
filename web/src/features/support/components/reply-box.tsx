// The reply box under a conversation that is not resolved: its draft kept per ticket until sent, Ctrl+Enter (or
// ⌘+Enter) sends, a blank reply is never sent, and a refusal shows the server's message only with the text
// still there.
import { SendIcon } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useSendTicketMessage } from "../api/send-ticket-message";
import { useDraft } from "../use-draft";

type ReplyBoxProps = { ticketId: string; onTyping: () => void; onSent?: () => void };

export function ReplyBox({ ticketId, onTyping, onSent }: ReplyBoxProps) {
  const [draft, setDraft] = useDraft(ticketId);
  const send = useSendTicketMessage();
  const id = useId();
  const blank = draft.trim() === "";

  async function submit() {
    if (blank || send.isPending) return;
    try {
      await send.mutateAsync({ ticketId, message: draft });
      setDraft("");
      onSent?.();
    } catch (error) {
      toast({ title: messageOf(error, "Failed to send reply"), variant: "destructive" });
    }
  }

  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Label htmlFor={id}>Reply</Label>
      <Textarea
        id={id}
        rows={3}
        value={draft}
        aria-describedby={`${id}-hint`}
        placeholder="Write a reply…"
        onChange={(event) => {
          setDraft(event.target.value);
          if (event.target.value.trim()) onTyping();
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      <div className="flex items-center justify-between gap-2">
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Ctrl+Enter sends.
        </p>
        <Button type="submit" disabled={blank || send.isPending}>
          <SendIcon aria-hidden />
          {send.isPending ? "Sending..." : "Send"}
        </Button>
      </div>
    </form>
  );
}
