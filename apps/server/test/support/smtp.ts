import type { AddressInfo } from 'node:net';
import { createServer, type Socket } from 'node:net';

export interface ReceivedMail {
  /** The SMTP envelope: MAIL FROM and RCPT TO. */
  from: string;
  to: string[];
  /** The message as sent: headers, a blank line, the body. */
  data: string;
  /** The credentials of AUTH PLAIN, when the client logged in. */
  user: string | null;
  password: string | null;
}

export interface SmtpBehaviour {
  /** Refuse every recipient with a 550, as a server does for an address it will not take. */
  rejectRecipients?: boolean;
}

/**
 * A plain SMTP server on a free local port, standing in for the mail provider: enough of RFC 5321
 * (EHLO, AUTH PLAIN, MAIL, RCPT, DATA, QUIT) for nodemailer to deliver to it over smtp://.
 */
export async function startSmtpServer(behaviour: SmtpBehaviour = {}) {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let mail: ReceivedMail = { from: '', to: [], data: '', user: null, password: null };
    let inData = false;
    let buffer = '';
    reply('220 localhost ESMTP test');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(mail);
          mail = { from: '', to: [], data: '', user: mail.user, password: mail.password };
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.split(' ')[0]?.toUpperCase() ?? '';
        if (verb === 'EHLO') reply('250-localhost\r\n250 AUTH PLAIN');
        else if (verb === 'HELO') reply('250 localhost');
        else if (verb === 'AUTH') {
          const [, , encoded = ''] = line.split(' ');
          const [, user = '', password = ''] = Buffer.from(encoded, 'base64').toString('utf8').split('\0');
          mail.user = user;
          mail.password = password;
          reply('235 2.7.0 accepted');
        } else if (verb === 'MAIL') {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          if (behaviour.rejectRecipients) reply('550 5.1.1 no such mailbox');
          else {
            mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.1 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
