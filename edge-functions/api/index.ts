import { createApp } from "./app.ts";

Deno.serve(createApp().fetch);
