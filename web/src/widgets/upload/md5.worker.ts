import { md5OfBlob } from './md5';

/** Hashes the posted file off the page's thread (widgets.md 4: "checking"). */
self.onmessage = async (event: MessageEvent<Blob>) => {
  try {
    const hash = await md5OfBlob(event.data, (fraction) => self.postMessage({ fraction }));
    self.postMessage({ hash });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
