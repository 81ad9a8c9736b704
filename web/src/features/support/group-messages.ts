// The conversation as it reads: consecutive messages from the same sender in one group (one name, one avatar), while
// each automatic answer stands alone, since each carries its own label and "This solved it" button. The first message
// is the ticket's description, shown as the ticket's opening instead, so it is left out when it is that.
import type { TicketMessage } from "@contracts/support";

export type MessageGroup = {
  key: string;
  senderType: TicketMessage["senderType"];
  senderName: string | null;
  messages: TicketMessage[];
};

export function groupMessages(messages: readonly TicketMessage[], description: string): MessageGroup[] {
  const groups: MessageGroup[] = [];
  const [first] = messages;
  const opensWithDescription = first?.senderType === "user" && first.message === description;
  for (const message of opensWithDescription ? messages.slice(1) : messages) {
    const last = groups.at(-1);
    if (last && message.senderType !== "ai" && last.senderType === message.senderType && last.senderName === message.senderName) {
      last.messages.push(message);
    } else {
      groups.push({ key: String(message.id), senderType: message.senderType, senderName: message.senderName, messages: [message] });
    }
  }
  return groups;
}
