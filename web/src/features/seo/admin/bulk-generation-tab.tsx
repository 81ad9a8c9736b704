// Bulk Generation: the admin asks for a number of pages; they are made in small calls, one after another, so the
// progress bar moves, until that many keyword targets are done or none remain, with a way to stop after the call in
// flight. Each call commits whole pages, so a cancelled or failed run leaves nothing half made, and running again
// carries on where it stopped.
import { BULK_GENERATE_MAX, generateBulkSchema, SEO_DEFAULTS } from "@contracts/seo";
import { useQueryClient } from "@tanstack/react-query";
import { LoaderCircleIcon, SparklesIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, TextField } from "@/components/ui/form";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { formatCount } from "@/lib/format";
import { numberField } from "@/lib/form-fields";
import { adminSeoQueryKey } from "../api/admin-seo-keys";
import { generateBulk } from "../api/generate-bulk";
import { SAMPLE_PATHS } from "./labels";

const bulkFormSchema = z.object({ limit: numberField(generateBulkSchema.shape.limit.unwrap()) });

/** Targets per call: small enough that progress moves every few seconds, large enough to keep calls few. */
export const GENERATION_STEP = 25;

type Run = { asked: number | null; generated: number; skipped: number; remaining: number | null; running: boolean };

const idle: Run = { asked: null, generated: 0, skipped: 0, remaining: null, running: false };

export function BulkGenerationTab() {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<Run>(idle);
  const abort = useRef<AbortController | null>(null);

  // Leaving the tab stops the run: nobody would see it finish.
  useEffect(() => () => abort.current?.abort(), []);

  async function start(limit: number) {
    const controller = new AbortController();
    abort.current = controller;
    let totals = { generated: 0, skipped: 0, remaining: null as number | null };
    setRun({ asked: limit, ...totals, running: true });
    try {
      while (!controller.signal.aborted) {
        const done = totals.generated + totals.skipped;
        const batch = await generateBulk(Math.min(GENERATION_STEP, limit - done), controller.signal);
        totals = { generated: totals.generated + batch.generatedCount, skipped: totals.skipped + batch.skippedCount, remaining: batch.remaining };
        setRun({ asked: limit, ...totals, running: true });
        // A call that made nothing (another run holds the remaining targets) would only repeat itself.
        const made = batch.generatedCount + batch.skippedCount;
        if (batch.remaining === 0 || made === 0 || done + made >= limit) break;
      }
      if (!controller.signal.aborted) {
        toast({ title: "Bulk Generation Complete", description: `Generated ${totals.generated} SEO landing pages` });
      }
    } catch (error) {
      if (!controller.signal.aborted) {
        toast({ title: "Bulk Generation Failed", description: messageOf(error, "Bulk Generation Failed"), variant: "destructive" });
      }
    } finally {
      setRun({ asked: limit, ...totals, running: false });
      abort.current = null;
      void queryClient.invalidateQueries({ queryKey: adminSeoQueryKey });
    }
  }

  const processed = run.generated + run.skipped;
  const total = run.remaining === null || run.asked === null ? null : Math.min(run.asked, processed + run.remaining);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Bulk Generation</CardTitle>
        <CardDescription>
          Makes pages for the keyword targets still waiting, highest priority first. Pages appear at{" "}
          {Object.values(SAMPLE_PATHS).join(", ")}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Form
          aria-label="Bulk generation"
          schema={bulkFormSchema}
          defaultValues={{ limit: String(SEO_DEFAULTS.bulkGenerateLimit) }}
          onSubmit={({ limit }) => void start(limit)}
          className="flex flex-wrap items-end gap-3"
        >
          {({ register, formState }) => (
            <>
              <TextField
                label="Pages to generate"
                inputMode="numeric"
                className="w-48"
                registration={register("limit")}
                error={formState.errors.limit}
                hint={`1 to ${formatCount(BULK_GENERATE_MAX)}`}
              />
              <Button type="submit" disabled={run.running}>
                {run.running ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : <SparklesIcon aria-hidden />}
                {run.running ? "Generating..." : "Generate Pages"}
              </Button>
              {run.running && (
                <Button variant="outline" onClick={() => abort.current?.abort()}>
                  Cancel
                </Button>
              )}
            </>
          )}
        </Form>
        {(run.running || total !== null) && (
          <div className="grid gap-2">
            <Progress
              aria-label="Generation progress"
              value={total === null ? null : processed}
              max={Math.max(total ?? 1, 1)}
            />
            <p role="status" className="text-sm text-muted-foreground">
              {total === null
                ? "Starting..."
                : `${formatCount(run.generated)} generated, ${formatCount(run.skipped)} skipped, ${formatCount(run.remaining ?? 0)} remaining`}
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
