// /temp-admin: platform analytics, the overview's figure cards for four timeframes. For admins only, like the rest of
// the admin area: the route guards it and the server refuses everyone else.
import { TEMP_ADMIN_TIMEFRAMES, type TempAdminTimeframe } from "@contracts/admin";
import { PlatformFigures } from "../components/platform-figures";
import { TEMP_ADMIN_TIMEFRAME_LABELS } from "../lib/timeframes";
import { useTempAdminStats } from "./api/get-temp-admin-stats";

type PlatformAnalyticsPageProps = { timeframe: TempAdminTimeframe; onTimeframeChange: (timeframe: TempAdminTimeframe) => void };

export function PlatformAnalyticsPage({ timeframe, onTimeframeChange }: PlatformAnalyticsPageProps) {
  const stats = useTempAdminStats(timeframe);
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <PlatformFigures
        title="Platform analytics"
        level={1}
        stats={stats}
        timeframe={timeframe}
        timeframes={TEMP_ADMIN_TIMEFRAMES}
        labels={TEMP_ADMIN_TIMEFRAME_LABELS}
        onTimeframeChange={onTimeframeChange}
      />
    </div>
  );
}
