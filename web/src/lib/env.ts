// The build-time settings the SPA reads, parsed once so a misconfigured build fails loudly at start-up.
import { z } from "zod";

const envSchema = z.object({
  // Empty or absent: the SPA is served by the gateway itself (devstack, or a host that proxies Supabase's paths).
  VITE_SUPABASE_URL: z.union([z.url(), z.literal("")]).optional(),
  VITE_SUPABASE_ANON_KEY: z.string().min(1, "VITE_SUPABASE_ANON_KEY is required"),
});

const parsed = envSchema.parse({
  VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL,
  VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY,
});

export const env = {
  supabaseUrl: parsed.VITE_SUPABASE_URL || window.location.origin,
  supabaseAnonKey: parsed.VITE_SUPABASE_ANON_KEY,
};
