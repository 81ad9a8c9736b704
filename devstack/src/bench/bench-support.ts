// `npm run bench`'s support center figures. A message's latency from its POST to the other side's realtime-js client,
// with CONVERSATIONS tickets open on both sides (the owner's client and the agent's each joined to every ticket's
// private topic): agent → owner and owner → agent, one message at a time. Then the agents' queue
// (GET /api/support/admin/tickets) over QUEUE_TICKETS tickets: the first page, a filtered page and a search.
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import postgres from "postgres";
import {
  TICKET_MESSAGE_EVENT,
  type TicketMessage,
  ticketTopic,
} from "../../../edge-functions/_shared/support/contract.ts";
import type { RunningStack } from "../cli/stack.ts";
import { nodeSupabaseClient } from "../testing/supabase-client.ts";
import { percentiles, registerAccount, request, sample } from "./bench-measure.ts";

const CONVERSATIONS = 100;
const QUEUE_TICKETS = 10_000;
/** Owners of the queue's tickets, so its search by email has several to tell apart. */
const QUEUE_OWNERS = 20;
const QUEUE_REQUESTS = 200;

interface Account {
  id: string;
  token: string;
}

export async function supportFigures(stack: RunningStack): Promise<[string, string][]> {
  const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  try {
    const owner = await register(stack, sql, "owner");
    const agent = await register(stack, sql, "agent");
    await sql`update public.profiles set is_admin = true where id = ${agent.id}`;
    const tickets = await seedTickets(sql, [owner.id], CONVERSATIONS, "Conversation");
    // Only open tickets take replies, whatever status the seed gave them.
    await sql`update public.support_tickets set status = 'open', resolved_at = null where id = any (${tickets}::uuid[])`;
    const { toOwner, toAgent } = await messageLatencies(stack, owner, agent, tickets);

    const owners = [owner, ...(await Promise.all(Array.from({ length: QUEUE_OWNERS - 1 }, () => register(stack, sql, "queue"))))];
    await seedTickets(sql, owners.map((account) => account.id), QUEUE_TICKETS - CONVERSATIONS, "Queue");
    await sql`analyze public.support_tickets, public.ticket_messages, public.profiles`;
    const [someone] = await sql<{ email: string }[]>`select email from public.profiles where id = ${owners[7]!.id}`;
    const queue = (query: string) => () =>
      request(stack, `/api/support/admin/tickets${query}`, { headers: { authorization: `Bearer ${agent.token}` } }, 200);
    await queue("")(); // compiled and connected before anything is timed
    const label = (what: string) => `support: agents' queue over ${QUEUE_TICKETS.toLocaleString("en")} tickets, ${what}`;
    return [
      [`support: message POST → other side's realtime-js client, ${CONVERSATIONS} open conversations, agent → owner`, percentiles(toOwner)],
      [`support: the same, owner → agent`, percentiles(toAgent)],
      [label(`first page of 50, ${QUEUE_REQUESTS} sequential`), percentiles(await sample(QUEUE_REQUESTS, queue("")))],
      [
        label("status open and priority high, page 3"),
        percentiles(await sample(QUEUE_REQUESTS, queue("?status=open&priority=high&page=3"))),
      ],
      [
        label("search by a user's email"),
        percentiles(await sample(QUEUE_REQUESTS, queue(`?q=${encodeURIComponent(someone!.email)}`))),
      ],
      [label("search by subject words"), percentiles(await sample(QUEUE_REQUESTS, queue("?q=ticket%204242")))],
    ];
  } finally {
    await sql.end({ timeout: 5 });
  }
}

function register(stack: RunningStack, sql: postgres.Sql, role: string): Promise<Account> {
  return registerAccount(stack, sql, `support_${role}`);
}

/**
 * Tickets with their description as first message, in two statements: triggers are off for this session (superuser's
 * session_replication_role), so no broadcast or notice fires for data that stands in for history.
 */
async function seedTickets(sql: postgres.Sql, ownerIds: string[], count: number, subject: string): Promise<string[]> {
  return await sql.begin(async (transaction) => {
    await transaction`set local session_replication_role = replica`;
    const rows = await transaction<{ id: string }[]>`
      insert into public.support_tickets
        (user_id, subject, description, category, priority, status, created_at, last_activity_at, resolved_at)
      select (${ownerIds}::uuid[])[1 + n % ${ownerIds.length}],
        ${subject} || ' ticket ' || n, 'Seeded for the bench.',
        (array['general','billing','technical','email_validation','contact_management','account'])[1 + n % 6],
        (array['low','medium','high','urgent'])[1 + n % 4],
        case when n % 10 = 0 then 'resolved' when n % 3 = 0 then 'awaiting_response' else 'open' end,
        now() - make_interval(mins => n), now() - make_interval(mins => n),
        case when n % 10 = 0 then now() - make_interval(mins => n) end
      from generate_series(1, ${count}) as n
      returning id
    `;
    await transaction`
      insert into public.ticket_messages (ticket_id, sender_type, sender_id, message, created_at)
      select t.id, 'user', t.user_id, t.description, t.created_at from public.support_tickets t
      where t.id = any (${rows.map((row) => row.id)}::uuid[])
    `;
    return rows.map((row) => row.id);
  });
}

async function messageLatencies(
  stack: RunningStack,
  owner: Account,
  agent: Account,
  tickets: string[],
): Promise<{ toOwner: number[]; toAgent: number[] }> {
  const ownerSide = new Conversations(stack, owner.token, tickets);
  const agentSide = new Conversations(stack, agent.token, tickets);
  try {
    await Promise.all([ownerSide.joined, agentSide.joined]);
    /** From just before the POST to the other side's receipt. */
    const send = async (from: Account, to: Conversations, ticketId: string, message: string) => {
      const arrival = to.arrival(message);
      const sentAt = performance.now();
      await request(stack, `/api/support/tickets/${ticketId}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${from.token}`, "content-type": "application/json" },
        body: JSON.stringify({ message }),
      }, 201);
      return (await arrival) - sentAt;
    };
    const toOwner: number[] = [];
    const toAgent: number[] = [];
    for (const [n, ticketId] of tickets.entries()) {
      toOwner.push(await send(agent, ownerSide, ticketId, `Agent answer ${n}`));
      toAgent.push(await send(owner, agentSide, ticketId, `Owner reply ${n}`));
    }
    return { toOwner: toOwner.sort((a, b) => a - b), toAgent: toAgent.sort((a, b) => a - b) };
  } finally {
    await Promise.all([ownerSide.close(), agentSide.close()]);
  }
}

/** One person's realtime-js client joined to every conversation's private topic, noting each message's arrival. */
class Conversations {
  readonly joined: Promise<void>;
  private readonly client: SupabaseClient;
  private readonly channels: RealtimeChannel[];
  private readonly waiting = new Map<string, (arrivedAt: number) => void>();

  constructor(stack: RunningStack, token: string, tickets: string[]) {
    this.client = nodeSupabaseClient(stack.url, stack.anonKey);
    void this.client.realtime.setAuth(token);
    this.channels = tickets.map((ticketId) =>
      this.client
        .channel(ticketTopic(ticketId), { config: { private: true } })
        .on("broadcast", { event: TICKET_MESSAGE_EVENT }, ({ payload }) => {
          const arrivedAt = performance.now();
          const { message } = payload as TicketMessage;
          this.waiting.get(message)?.(arrivedAt);
          this.waiting.delete(message);
        })
    );
    this.joined = Promise.all(this.channels.map((channel) =>
      new Promise<void>((resolve, reject) =>
        channel.subscribe((status, error) => {
          if (status === "SUBSCRIBED") resolve();
          else reject(new Error(`a conversation's channel could not join: ${status} ${error?.message ?? ""}`));
        })
      )
    )).then(() => undefined);
  }

  /** When the message with this text arrives. */
  arrival(message: string): Promise<number> {
    return new Promise((resolve) => this.waiting.set(message, resolve));
  }

  async close(): Promise<void> {
    await this.client.removeAllChannels();
    this.client.realtime.disconnect();
  }
}
