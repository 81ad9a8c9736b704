// A running session's rate and time left, from the counts its progress events (or the fallback refetch) bring: each
// new count is a sample, taken when it arrives.
import { useEffect, useState } from "react";
import { addSample, type RateSample, rowsPerSecond, secondsLeft } from "./progress";

export function useProgressRate(
  processedEmails: number,
  totalEmails: number,
): { rowsPerSecond: number | null; secondsLeft: number | null } {
  const [samples, setSamples] = useState<RateSample[]>([]);
  useEffect(() => {
    setSamples((current) => addSample(current, { at: Date.now(), processed: processedEmails }));
  }, [processedEmails]);
  const rate = rowsPerSecond(samples);
  return { rowsPerSecond: rate, secondsLeft: secondsLeft(totalEmails, processedEmails, rate) };
}
