import { type Envelope, http } from '../../base/api';

/**
 * Sends one file as multipart field `file` (imports of .bdd / .bb files) through the console's
 * client, so errors and ended sessions are handled as everywhere else; resolves with the whole
 * envelope of a code-200 answer (its msg is shown).
 */
export function uploadFile(path: string, file: File): Promise<Envelope> {
  const body = new FormData();
  body.append('file', file, file.name);
  return http.send(path, { method: 'POST', data: body });
}

/**
 * Downloads an exported file the server named by address (export answers `{ name, url }`), or
 * something made in the page (a blob: or data: address).
 */
export function downloadUrl(url: string, name?: string): void {
  const link = document.createElement('a');
  link.href = /^(https?:|blob:|data:|\/)/.test(url) ? url : `/${url}`;
  if (name) link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Opens the browser's file chooser for one file with the given extension (e.g. '.bdd'). */
export function chooseFile(accept: string): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.style.display = 'none';
    input.addEventListener('change', () => {
      resolve(input.files?.[0] ?? null);
      input.remove();
    });
    input.addEventListener('cancel', () => {
      resolve(null);
      input.remove();
    });
    document.body.append(input);
    input.click();
  });
}

/** Uploads a notice attachment or image (folder annex); answers its stored name and address. */
export async function uploadAnnex(file: File): Promise<{ name: string; url: string }> {
  const answer = await uploadFile('/file/Uploader/annex', file);
  return answer.data as { name: string; url: string };
}
