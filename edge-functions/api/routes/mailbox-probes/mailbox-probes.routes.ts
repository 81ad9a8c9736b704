// GET /api/mailbox-probes/{probeId}: a mailbox check still running after its validation answered. Public: the probe id
// a validation answered is the key.
import { Hono } from "hono";
import { mailboxProbeParamsSchema } from "../../../_shared/mailbox/index.ts";
import { pathParams } from "../../lib/query-params.ts";
import * as handlers from "./mailbox-probes.handlers.ts";

export const mailboxProbesRoutes = new Hono()
  .get("/mailbox-probes/:probeId", pathParams(mailboxProbeParamsSchema), handlers.mailboxProbe);
