// The webhooks a fake sends: every event it raised, each delivery attempt with the endpoint's answer, redelivery on
// request (a test proving a duplicate changes nothing), and settle() to wait for deliveries still under way, so a test
// that made the api call the provider (a refund, a capture) can then wait for the event that call raised without
// guessing how long it takes.

export interface Delivery {
  eventId: string;
  /** 1 for the first delivery, 2 for the first redelivery... */
  attempt: number;
  at: string;
  /** The endpoint's HTTP status, or null when it could not be reached. */
  status: number | null;
  /** The endpoint's answer (its first 2,000 characters) or why it could not be reached. */
  response: string;
}

export interface OutboxEvent {
  id: string;
}

export interface DeliveredEvent<Event extends OutboxEvent> {
  event: Event;
  deliveries: Delivery[];
}

/** How an event goes over the wire: its body and headers (Stripe signs each attempt anew). */
export type Envelope<Event> = (event: Event) => { body: string; headers: Record<string, string> };

const RESPONSE_KEPT = 2_000;
// A stuck endpoint must not hold a test forever; Stripe gives up after a few seconds too.
const DELIVERY_TIMEOUT_MS = 30_000;

export class WebhookOutbox<Event extends OutboxEvent> {
  readonly #events: DeliveredEvent<Event>[] = [];
  readonly #pending = new Set<Promise<Delivery>>();

  constructor(
    private readonly endpoint: () => string | undefined,
    private readonly envelope: Envelope<Event>,
  ) {}

  /** Every event raised, oldest first. */
  list(): ReadonlyArray<DeliveredEvent<Event>> {
    return this.#events;
  }

  get(id: string): DeliveredEvent<Event> | undefined {
    return this.#events.find((entry) => entry.event.id === id);
  }

  /** Records the events and delivers them one after the other, in order; resolves when all were delivered. */
  async raise(events: Event[]): Promise<DeliveredEvent<Event>[]> {
    const entries = events.map((event) => ({ event, deliveries: [] as Delivery[] }));
    this.#events.push(...entries);
    for (const entry of entries) await this.#track(this.#deliver(entry));
    return entries;
  }

  /** Records the events and starts delivering them without waiting: for events an api call to the fake raises, whose
   * caller may hold locks the webhook handler needs. settle() waits for them. */
  raiseInBackground(events: Event[]): void {
    void this.raise(events);
  }

  async redeliver(id: string): Promise<DeliveredEvent<Event> | undefined> {
    const entry = this.get(id);
    if (!entry) return undefined;
    await this.#track(this.#deliver(entry));
    return entry;
  }

  /** Resolves once no delivery is under way. */
  async settle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  #track(delivery: Promise<Delivery>): Promise<Delivery> {
    this.#pending.add(delivery);
    const done = () => this.#pending.delete(delivery);
    delivery.then(done, done);
    return delivery;
  }

  async #deliver(entry: DeliveredEvent<Event>): Promise<Delivery> {
    const delivery: Delivery = {
      eventId: entry.event.id,
      attempt: entry.deliveries.length + 1,
      at: new Date().toISOString(),
      status: null,
      response: "",
    };
    entry.deliveries.push(delivery);
    const url = this.endpoint();
    if (!url) {
      delivery.response = "no webhook endpoint is configured";
      return delivery;
    }
    const { body, headers } = this.envelope(entry.event);
    try {
      const response = await fetch(url, {
        method: "POST",
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      delivery.status = response.status;
      delivery.response = (await response.text()).slice(0, RESPONSE_KEPT);
    } catch (error) {
      delivery.response = `not delivered: ${error instanceof Error ? error.message : String(error)}`;
    }
    return delivery;
  }
}
