import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, searchForWorkspaceRoot } from "vite";
import { LOCAL_ANON_KEY } from "../devstack/src/auth/keys.ts";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const srcDir = fileURLToPath(new URL("./src", import.meta.url));
const contractsDir = fileURLToPath(new URL("../edge-functions/_shared/contracts", import.meta.url));

// Everything the SPA calls lives on the Supabase gateway; `npm start` runs it on 54321.
const gateway = "http://localhost:54321";

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, webRoot, "VITE_");
  // The dev server and tests talk to the local stack, whose anon key is public and fixed. A build may be deployed
  // anywhere, so it must be told which project's key to carry rather than silently shipping the local one.
  const anonKey = env.VITE_SUPABASE_ANON_KEY || (command === "serve" ? LOCAL_ANON_KEY : undefined);
  if (!anonKey) {
    throw new Error("VITE_SUPABASE_ANON_KEY is required to build the web app (the anon key of the target project).");
  }

  return {
    plugins: [react(), tailwindcss()],
    resolve: {
      alias: { "@contracts": contractsDir, "@": srcDir },
    },
    build: {
      rolldownOptions: {
        output: {
          // Each page's own code comes in its route's chunk (src/routes/*.lazy.tsx). The libraries every page loads
          // ($initial: reached from the entry by static imports) go in chunks of their own, whose hashes survive a
          // release that changes only the app, so a returning browser keeps them; React and Supabase apart, as they
          // are upgraded on their own. Libraries only some screens use (papaparse, react-hook-form) stay with those.
          codeSplitting: {
            groups: [
              {
                name: "react",
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                tags: ["$initial"],
                priority: 2,
              },
              { name: "supabase", test: /[\\/]node_modules[\\/]@supabase[\\/]/, tags: ["$initial"], priority: 1 },
              // zod's jitless switch goes in with zod, so it is set before any chunk's module builds a schema: zod
              // probes whether it may eval as each object schema is made, and under the CSP every probe is a violation.
              { name: "vendor", test: /[\\/]node_modules[\\/]|[\\/]src[\\/]lib[\\/]zod-csp\.ts$/, tags: ["$initial"] },
            ],
          },
        },
      },
    },
    define: {
      "import.meta.env.VITE_SUPABASE_ANON_KEY": JSON.stringify(anonKey),
    },
    server: {
      // The shared zod contracts sit outside web/, next to the edge functions that answer them; the workspace root
      // holds the hoisted node_modules.
      fs: { allow: [searchForWorkspaceRoot(webRoot), contractsDir] },
      proxy: {
        "/api": gateway,
        "/auth/v1": gateway,
        "/functions/v1": gateway,
        // Realtime's websocket, for the live progress of bulk validation.
        "/realtime/v1": { target: gateway, ws: true },
        "/health": gateway,
      },
    },
  };
});
