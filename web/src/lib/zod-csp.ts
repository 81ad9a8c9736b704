// zod compiles object parsers with new Function() when it may, and probes whether it may by calling it: under the
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') every probe is a reported violation. Jitless mode
// parses the same without it. Imported first by main.tsx, before any schema parses.
import { z } from "zod";

z.config({ jitless: true });
