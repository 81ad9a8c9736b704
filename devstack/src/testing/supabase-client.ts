// supabase-js as a Node 20 program uses it against devstack: the contract tests' clients and the bench's.
import { createClient, type SupabaseClient, type WebSocketLikeConstructor } from "@supabase/supabase-js";
import WebSocket from "ws";

export function nodeSupabaseClient(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    // A session lives in this client's memory only, and refreshes happen when a test asks for them.
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // supabase-js 2.109 builds its Realtime client eagerly and, on Node 20 (no native WebSocket), createClient throws
    // unless it is given a WebSocket implementation: ws's, as realtime-js's own error message advises. The cast is for
    // ws's extra `new (address: null)` overload, which TypeScript cannot match to realtime-js's constructor type.
    realtime: { transport: WebSocket as unknown as WebSocketLikeConstructor },
  });
}
