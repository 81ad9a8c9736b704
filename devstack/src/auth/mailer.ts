// How devstack's Auth mails: GoTrue's mailer settings from supabase/config.toml's [auth.email] (the keys the
// Supabase CLI maps to GOTRUE_MAILER_*), and SMTP to the mail catcher through nodemailer, as GoTrue sends to the
// CLI's Mailpit.
import { readFileSync } from "node:fs";
import nodemailer from "nodemailer";
import { parse } from "smol-toml";
import { z } from "zod";

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface AuthMailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** What the email routes need beyond the database: GoTrue's mailer configuration. */
export interface AuthEmailSettings {
  /** GoTrue's SITE_URL: where a link sends the browser when no allowed redirect_to was given. */
  siteUrl: string;
  /** GoTrue's API_EXTERNAL_URL (…/auth/v1): the base of the /verify links in mails. */
  externalUrl: string;
  /** GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED ([auth.email] double_confirm_changes): confirm from both addresses. */
  secureEmailChange: boolean;
  /** GOTRUE_MAILER_OTP_EXP ([auth.email] otp_expiry): how long a mailed link works. */
  otpExpirySeconds: number;
  /** GOTRUE_SMTP_MAX_FREQUENCY ([auth.email] max_frequency): the least time between two mails to one user. */
  maxFrequencySeconds: number;
  mailer: AuthMailer;
}

// Go durations as the CLI's config takes them ("1s", "60s", "1m", "1h0m0s").
const goDuration = z.string().transform((value, ctx) => {
  const parts = [...value.matchAll(/(\d+)(h|m|s)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join("") !== value) {
    ctx.addIssue({ code: "custom", message: `"${value}" is not a duration such as "60s"` });
    return z.NEVER;
  }
  const unit = { h: 3600, m: 60, s: 1 } as const;
  return parts.reduce((sum, [, amount, u]) => sum + Number(amount) * unit[u as keyof typeof unit], 0);
});

// GoTrue's defaults where config.toml says nothing.
const emailTable = z.object({
  double_confirm_changes: z.boolean().default(true),
  otp_expiry: z.number().int().positive().default(3600),
  max_frequency: goDuration.default(60),
});
const configFile = z.object({ auth: z.object({ email: emailTable.default(emailTable.parse({})) }).default({ email: emailTable.parse({}) }) });

export type ConfiguredEmailSettings = Pick<AuthEmailSettings, "secureEmailChange" | "otpExpirySeconds" | "maxFrequencySeconds">;

/** [auth.email] of a config.toml's text. */
export function emailSettingsFromConfig(configToml: string): ConfiguredEmailSettings {
  const parsed = configFile.safeParse(parse(configToml));
  if (!parsed.success) {
    throw new Error(`supabase/config.toml [auth.email]: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  const email = parsed.data.auth.email;
  return {
    secureEmailChange: email.double_confirm_changes,
    otpExpirySeconds: email.otp_expiry,
    maxFrequencySeconds: email.max_frequency,
  };
}

export function readEmailSettings(configPath: string): ConfiguredEmailSettings {
  return emailSettingsFromConfig(readFileSync(configPath, "utf8"));
}

/** GoTrue's SMTP mailer pointed at host:port, with no TLS: the catcher listens on loopback only. */
export function smtpMailer(options: { host: string; port: number; from: string }): AuthMailer {
  const transport = nodemailer.createTransport({ host: options.host, port: options.port, secure: false, ignoreTLS: true });
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
  };
}
