// How money and counts read everywhere in the app: US dollars from whole cents, and counts with thousands separators.

/** "$19", "$14.25", "$1,521": cents only when there are any. */
export function formatUsd(cents: number): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

/** "2,500" */
export function formatCount(count: number): string {
  return count.toLocaleString("en-US");
}
