// One client's websocket, as Phoenix.Socket serves it: heartbeats answered, joins made, every other message routed to
// the channel joined on its topic. A socket's frames are handled one at a time, in the order they came, as each
// Phoenix channel handles its messages, so a broadcast sent after a token refresh is judged by the new token.
import type { WebSocket } from "ws";
import { Channel, type ChannelServices, type ChannelSocket } from "./channel.ts";
import { decodeBinary, decodeText, encodeText, FrameError, type BroadcastPush, type Message } from "./serializer.ts";

export class Connection {
  private readonly channels = new Map<string, Channel>();
  private queue = Promise.resolve();
  private readonly socket: ChannelSocket;

  constructor(
    private readonly services: ChannelServices,
    private readonly ws: WebSocket,
    token: string,
    headers: Record<string, string>,
  ) {
    this.socket = {
      token,
      headers,
      send: (message) => this.write(encodeText(message)),
      write: (frame) => this.write(frame),
      closed: (channel) => {
        if (this.channels.get(channel.joinTopic) === channel) this.channels.delete(channel.joinTopic);
      },
    };
    ws.on("message", (data: Buffer, isBinary) => {
      this.queue = this.queue.then(() => this.receive(data, isBinary));
    });
    // The client went away: its channels leave (presence announces it), without a word to the gone client.
    ws.on("close", () => {
      this.queue = this.queue.then(() => {
        for (const channel of [...this.channels.values()]) channel.close({ announce: false });
      });
    });
    ws.on("error", (error) => services.log(`realtime: socket error: ${error.message}`));
  }

  private async receive(data: Buffer, isBinary: boolean): Promise<void> {
    let message: Message | BroadcastPush;
    try {
      message = isBinary ? decodeBinary(data) : decodeText(data.toString("utf8"));
    } catch (error) {
      // Phoenix drops a socket that sends what its serializer cannot read.
      if (!(error instanceof FrameError)) throw error;
      this.ws.close(1007, error.message);
      return;
    }
    try {
      await this.route(message);
    } catch (error) {
      this.services.log(`realtime: ${message.topic}: ${(error as Error).stack ?? String(error)}`);
    }
  }

  private async route(message: Message | BroadcastPush): Promise<void> {
    if ("userEvent" in message) return this.channels.get(message.topic)?.broadcast(message);
    if (message.topic === "phoenix" && message.event === "heartbeat") {
      return this.socket.send({ ...message, event: "phx_reply", payload: { status: "ok", response: {} } });
    }
    if (message.event === "phx_join") return this.join(message);
    const channel = this.channels.get(message.topic);
    if (!channel) {
      return this.socket.send({ ...message, event: "phx_reply", payload: { status: "error", response: { reason: "unmatched topic" } } });
    }
    switch (message.event) {
      case "broadcast":
        return channel.broadcast(message);
      case "presence":
        return channel.presence(message);
      case "access_token":
        return channel.refreshToken(message);
      case "phx_leave":
        return channel.leave(message);
      // Anything else is ignored, as Realtime ignores unexpected messages.
    }
  }

  /** A second join of a joined topic replaces the channel, as Phoenix closes the old one for the new join. */
  private async join(message: Message): Promise<void> {
    if (!message.topic.startsWith("realtime:")) {
      return this.socket.send({ ...message, event: "phx_reply", payload: { status: "error", response: { reason: "unmatched topic" } } });
    }
    this.channels.get(message.topic)?.close();
    const channel = await Channel.join(this.services, this.socket, message);
    if (channel && this.ws.readyState === this.ws.OPEN) this.channels.set(message.topic, channel);
    else channel?.close({ announce: false });
  }

  private write(frame: string | Buffer): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(frame);
  }
}
