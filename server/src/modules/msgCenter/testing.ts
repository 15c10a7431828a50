/**
 * Local receivers for tests (server and e2e): an SMTP server that keeps the mails it accepts,
 * and an HTTP server that records each request and answers like the vendors do.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The user name the client signed in with. */
  user: string | undefined;
}

/** SMTP on loopback requiring sign-in with user/pass (no TLS, so no certificate is needed). */
export async function startSmtpReceiver(user: string, pass: string) {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            from: parsed.from?.text ?? '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: (parsed.text ?? '').trim(),
            user: session.user as string | undefined,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** What the receiver's '/fail' answers: no message of ours may ever show it. */
export const RECEIVER_FAILURE_BODY = 'receiver-internal-detail';

/**
 * Answers what the vendors answer on their paths (tokens, errcode 0, Code OK); '/fail' answers
 * HTTP 500; '/redirect/<path>' answers 302 to `<redirectTo>/<path>`. Every request is recorded.
 */
export async function startHttpReceiver() {
  const requests: ReceivedRequest[] = [];
  const state = { redirectTo: '' };
  /** Answers by vendor action (Alibaba's Action query, Tencent's x-tc-action header). */
  const byAction = new Map<string, unknown>();
  const answers: Record<string, unknown> = {
    '/cgi-bin/gettoken': { errcode: 0, access_token: 'wecom-token' },
    '/gettoken': { errcode: 0, access_token: 'ding-token' },
    '/cgi-bin/token': { access_token: 'mp-token', expires_in: 7200 },
    '/': { Code: 'OK', Message: 'OK' },
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        // kept as text
      }
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      });
      if (url.pathname === '/fail') {
        res.writeHead(500).end(RECEIVER_FAILURE_BODY);
        return;
      }
      if (url.pathname.startsWith('/redirect/')) {
        const location = `${state.redirectTo}${url.pathname.slice('/redirect'.length)}${url.search}`;
        res.writeHead(302, { location }).end(RECEIVER_FAILURE_BODY);
        return;
      }
      const action = url.searchParams.get('Action') ?? req.headers['x-tc-action'];
      const byVendorAction = typeof action === 'string' ? byAction.get(action) : undefined;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(byVendorAction ?? answers[url.pathname] ?? { errcode: 0, errmsg: 'ok' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    requests,
    /** Where '/redirect/…' sends the caller. */
    redirectTo(base: string) {
      state.redirectTo = base;
    },
    /** What a vendor action (e.g. 'QuerySmsTemplate') answers from now on. */
    answerAction(action: string, body: unknown) {
      byAction.set(action, body);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
