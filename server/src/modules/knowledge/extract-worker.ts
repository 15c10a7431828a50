/** Worker entry (see extractInWorker): extracts one document's text off the main thread. */
import { parentPort, workerData } from 'node:worker_threads';
import { extractText, type KbFileType } from './extract.js';

const { type, content } = workerData as { type: KbFileType; content: Uint8Array };
const port = parentPort!;
extractText(type, Buffer.from(content.buffer, content.byteOffset, content.byteLength), async (fraction) => {
  port.postMessage({ progress: fraction });
}).then(
  (result) => port.postMessage({ result }),
  (error: unknown) => port.postMessage({ error: error instanceof Error ? error.message : String(error) }),
);
