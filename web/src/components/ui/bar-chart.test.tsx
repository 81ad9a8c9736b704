import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { BarChart } from "./bar-chart";

const days = [
  { day: "Nov 1", count: 1200 },
  { day: "Nov 2", count: 30 },
];

function renderChart(data = days) {
  return render(
    <BarChart
      title="Validations per day"
      data={data}
      label={(row) => row.day}
      value={(row) => row.count}
      format={(value) => value.toLocaleString("en-US")}
      labelHeader="Day"
      valueHeader="Validations"
    />,
  );
}

describe("BarChart", () => {
  it("gives screen readers its numbers as a table while the chart shows", () => {
    renderChart();
    const figure = screen.getByRole("figure", { name: "Validations per day" });
    const table = within(figure).getByRole("table", { name: "Validations per day" });
    expect(within(table).getByRole("columnheader", { name: "Validations" })).toBeInTheDocument();
    expect(within(table).getByRole("rowheader", { name: "Nov 1" })).toBeInTheDocument();
    expect(within(table).getByRole("cell", { name: "1,200" })).toBeInTheDocument();
    expect(table.parentElement).toHaveClass("sr-only");
  });

  it("shows the table instead of the chart on request, and the chart again", async () => {
    const user = userEvent.setup();
    renderChart();
    const toggle = screen.getByRole("button", { name: "Show as table" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("table", { name: "Validations per day" }).parentElement).not.toHaveClass("sr-only");

    await user.click(toggle);
    expect(screen.getByRole("table", { name: "Validations per day" }).parentElement).toHaveClass("sr-only");
  });

  it("says when there is nothing to draw", () => {
    renderChart([]);
    expect(screen.getByText("No data for this period.")).toBeVisible();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show as table" })).not.toBeInTheDocument();
  });
});
