/** A "__proto__" key in a file a user sends: refused whole, never dropped or copied onto an object. */
export class ProtoKeyError extends Error {}

/**
 * JSON.parse for files users upload: throws SyntaxError when it is not JSON and ProtoKeyError when
 * any object in it has a "__proto__" key (a later spread or merge would reach a prototype).
 */
export function parseUploadedJson(text: string): unknown {
  return JSON.parse(text, (key, value) => {
    if (key === '__proto__') throw new ProtoKeyError();
    return value;
  });
}
