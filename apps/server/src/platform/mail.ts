import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import { countMail } from "./outcome-metrics.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on bulk e-mail (RFC 2369, RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real mail through nodemailer. With SMTP_URL it goes to that server; without, nodemailer's stream
 * transport renders the real RFC 822 message and it is written to `<dataDir>/mail/` with its subject
 * and links logged, so login links work on a laptop with no mail server.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  mailDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  return countedMailer(transportMailer(opts));
}

/** Each send counted by outcome (mails_sent_total, platform/outcome-metrics.ts). */
function countedMailer(mailer: Mailer): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        countMail(false);
        throw error;
      }
      countMail(true);
    },
  };
}

function transportMailer(opts: Parameters<typeof createMailer>[0]): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let sequence = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...message });
      await mkdir(opts.mailDir, { recursive: true });
      sequence += 1;
      const file = join(
        opts.mailDir,
        `${Date.now()}-${process.pid}-${String(sequence).padStart(6, "0")}.eml`,
      );
      // Written whole, then renamed: whoever reads the folder never sees half a message.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      // Links are logged on purpose in this local mode only: they are how a developer logs in.
      opts.log.info({ to: message.to, subject: message.subject, links, file }, "mail written");
    },
  };
}

/**
 * Sends the mails that announce a message already saved (a user's message, a support request or answer).
 * A mail failure is logged and reported as `false`, never as a failed request: the message is stored and
 * a retry would duplicate it.
 */
export async function mailAfterSave(
  mailer: Mailer,
  log: FastifyBaseLogger,
  mails: MailMessage[],
): Promise<boolean> {
  try {
    for (const mail of mails) await mailer.send(mail);
    return true;
  } catch (error) {
    log.error({ err: error }, "a conversation mail could not be sent");
    return false;
  }
}
