/**
 * A local stand-in of an SMTP server, for tests (the sysConfig test mail, mail sent through the settings):
 * it offers AUTH PLAIN and LOGIN, checks the credentials it was given (any when none), keeps each mail with
 * its envelope, and answers like a real server (`250 2.0.0 Ok: queued as …`, `535 5.7.8 …`).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** Headers and body as sent. */
  data: string;
  /** The user who signed in to send it ('' without AUTH). */
  user: string;
}

export interface SmtpStandIn {
  host: string;
  port: number;
  /** `smtp://127.0.0.1:<port>`, as SMTP_URL takes it. */
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpStandIn(
  options: { credentials?: { user: string; password: string }; port?: number } = {},
): Promise<SmtpStandIn> {
  const mails: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let data: string | null = null;
    let mail: Omit<ReceivedMail, 'data'> = { from: '', to: [], user: '' };
    let user = '';
    // An AUTH LOGIN under way: what it waits for next.
    let login: 'user' | 'password' | 'plain' | null = null;
    let loginUser = '';
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const signIn = (name: string, password: string) => {
      const { credentials } = options;
      if (credentials && (credentials.user !== name || credentials.password !== password)) {
        reply('535 5.7.8 Authentication credentials invalid');
        return;
      }
      user = name;
      reply('235 2.7.0 Authentication successful');
    };
    const command = (line: string) => {
      if (login === 'plain') {
        login = null;
        const [, name = '', password = ''] = Buffer.from(line, 'base64').toString().split('\0');
        return signIn(name, password);
      }
      if (login === 'user') {
        loginUser = Buffer.from(line, 'base64').toString();
        login = 'password';
        return reply(`334 ${Buffer.from('Password:').toString('base64')}`);
      }
      if (login === 'password') {
        login = null;
        return signIn(loginUser, Buffer.from(line, 'base64').toString());
      }
      const upper = line.toUpperCase();
      if (upper.startsWith('EHLO')) {
        return socket.write('250-standin Hello\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n');
      }
      if (upper.startsWith('HELO')) return reply('250 standin');
      if (upper.startsWith('AUTH PLAIN')) {
        const initial = line.slice('AUTH PLAIN'.length).trim();
        if (!initial) {
          login = 'plain';
          return reply('334 ');
        }
        const [, name = '', password = ''] = Buffer.from(initial, 'base64').toString().split('\0');
        return signIn(name, password);
      }
      if (upper.startsWith('AUTH LOGIN')) {
        const initial = line.slice('AUTH LOGIN'.length).trim();
        if (initial) {
          loginUser = Buffer.from(initial, 'base64').toString();
          login = 'password';
          return reply(`334 ${Buffer.from('Password:').toString('base64')}`);
        }
        login = 'user';
        return reply(`334 ${Buffer.from('Username:').toString('base64')}`);
      }
      if (upper.startsWith('MAIL FROM:')) {
        if (options.credentials && !user) return reply('530 5.7.0 Authentication required');
        mail = {
          from: line
            .slice(10)
            .trim()
            .replace(/^<|>.*$/g, ''),
          to: [],
          user,
        };
        return reply('250 2.1.0 Ok');
      }
      if (upper.startsWith('RCPT TO:')) {
        mail.to.push(
          line
            .slice(8)
            .trim()
            .replace(/^<|>.*$/g, ''),
        );
        return reply('250 2.1.5 Ok');
      }
      if (upper.startsWith('DATA')) {
        data = '';
        return reply('354 End data with <CR><LF>.<CR><LF>');
      }
      if (upper.startsWith('RSET')) return reply('250 2.0.0 Ok');
      if (upper.startsWith('NOOP')) return reply('250 2.0.0 Ok');
      if (upper.startsWith('QUIT')) {
        socket.end('221 2.0.0 Bye\r\n');
        return;
      }
      reply('502 5.5.2 Command not recognized');
    };
    reply('220 standin ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mails.push({ ...mail, data: data + buffer.slice(0, end) });
          buffer = buffer.slice(end + 5);
          data = null;
          reply(`250 2.0.0 Ok: queued as ${randomBytes(5).toString('hex').toUpperCase()}`);
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        command(line);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    host: '127.0.0.1',
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
