/** Values the global setup hands to the specs (vitest provide/inject). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** e.g. http://127.0.0.1:43123 — the built server, which also serves web/dist at /. */
    baseUrl: string;
    /** The administrator password printed once by the server on first start. */
    initialAdminPassword: string;
    /** File receiving the server's stdout (captcha echo lines). */
    serverLog: string;
    /** Scratch folder shared by the specs (current admin password, ...). */
    stateDir: string;
    /** The run's Chromium, started once by the global set-up (support/chromium.ts). */
    browserEndpoint: string;
  }
}

export {};
