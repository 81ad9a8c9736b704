import { describe, expect, it } from "vitest";
import { settingsFromSources } from "./settings.ts";

const example = `# comment
DNS_SERVERS=
OUTBOUND_HTTP_PROXY=http://default:3128
`;

describe("project settings", () => {
  it("lists exactly the variables .env.example names, with its defaults", () => {
    expect(settingsFromSources({ example, dotenv: undefined, environment: { PATH: "/bin" } })).toEqual({
      DNS_SERVERS: "",
      OUTBOUND_HTTP_PROXY: "http://default:3128",
    });
  });

  it("takes .env over the defaults and the environment over both", () => {
    const dotenv = "DNS_SERVERS=10.0.0.1:53\nOUTBOUND_HTTP_PROXY=http://dotenv:3128\nUNLISTED=ignored\n";
    const environment = { OUTBOUND_HTTP_PROXY: "http://environment:3128" };
    expect(settingsFromSources({ example, dotenv, environment })).toEqual({
      DNS_SERVERS: "10.0.0.1:53",
      OUTBOUND_HTTP_PROXY: "http://environment:3128",
    });
  });

  it("keeps a variable set to the empty string in the environment empty", () => {
    const settings = settingsFromSources({ example, dotenv: undefined, environment: { OUTBOUND_HTTP_PROXY: "" } });
    expect(settings.OUTBOUND_HTTP_PROXY).toBe("");
  });
});
