// How the contract's values read on screen, and the figures as the managers show them.
/** "push_notification" → "Push notification". */
export function labelOf(value: string): string {
  const words = value.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A rate the server computed (per hundred, 2 decimals). */
export function formatRate(percent: number): string {
  return `${percent.toFixed(2)}%`;
}
