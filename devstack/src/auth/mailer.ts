// How devstack's Auth mails: GoTrue's mailer settings (config.toml's [auth.email], read in config.ts) and SMTP to the
// mail catcher through nodemailer, as GoTrue sends to the CLI's Mailpit.
import nodemailer from "nodemailer";
import type { AuthConfig } from "./config.ts";

type ConfiguredEmail = AuthConfig["email"];

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface AuthMailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** What the email routes need beyond the database: GoTrue's mailer configuration ([auth.email], from config.ts). */
export interface AuthEmailSettings extends ConfiguredEmail {
  /** GoTrue's SITE_URL: where a link sends the browser when no allowed redirect_to was given. */
  siteUrl: string;
  /** GoTrue's API_EXTERNAL_URL (…/auth/v1): the base of the /verify links in mails. */
  externalUrl: string;
  mailer: AuthMailer;
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
