// A user's deliveries, read and redelivered as the user: RLS lets owners read their own (admins all, so every query
// also names the user), and the redelivery function refuses a delivery that is not the caller's.
import type { SignedIn } from "../auth/index.ts";
import type { WebhookDeliveriesQuery, WebhookDelivery, WebhookDeliveryPage } from "../contracts/api-keys.ts";
import { webhookDeliveriesQuerySchema } from "../contracts/api-keys.ts";
import { asUser } from "../db/as-user.ts";
import { withRefusals } from "../db/refusals.ts";
import { DomainError } from "../errors.ts";
import { startWebhookWorker } from "./worker.ts";

interface DeliveryRow {
  id: string;
  session_id: string;
  event: WebhookDelivery["event"];
  url: string;
  status: WebhookDelivery["status"];
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
  total: number;
}

function deliveryFromRow(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    jobId: row.session_id,
    event: row.event,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/** A page of the caller's deliveries, newest first. */
export async function webhookDeliveries(caller: SignedIn, query: WebhookDeliveriesQuery): Promise<WebhookDeliveryPage> {
  const { page, pageSize } = webhookDeliveriesQuerySchema.parse(query);
  const rows = await asUser(caller.claims, (sql) => sql<DeliveryRow[]>`
    select id, session_id, event, url, status, attempts, last_status_code, last_error, next_attempt_at, delivered_at,
      created_at, (count(*) over ())::integer as total
    from public.webhook_deliveries
    where user_id = ${caller.userId}
    order by created_at desc, id desc
    limit ${pageSize} offset ${(page - 1) * pageSize}
  `);
  const total = rows[0]?.total ?? await countDeliveries(caller);
  return { deliveries: rows.map(deliveryFromRow), total, page, pageSize };
}

/** A page past the end has no row to carry the count. */
async function countDeliveries(caller: SignedIn): Promise<number> {
  const [row] = await asUser(caller.claims, (sql) => sql<{ total: number }[]>`
    select count(*)::integer as total from public.webhook_deliveries where user_id = ${caller.userId}
  `);
  return row!.total;
}

/** Queues one more attempt of the caller's delivery now and starts a worker for it. */
export async function redeliver(caller: SignedIn, deliveryId: string): Promise<void> {
  await withRefusals(
    (found) =>
      found.code === "P0002" && found.message === "webhook_delivery_not_found"
        ? new DomainError("webhook_delivery_not_found")
        : null,
    () => asUser(caller.claims, (sql) => sql`select private.redeliver_webhook(${deliveryId})`),
  );
  startWebhookWorker();
}
