import { toastError } from '../../api/feedback';
import type { Envelope } from '../../api/http';
import { buildUrl } from '../../api/http';
import { getToken } from '../../api/token';
import { i18n } from '../../app/i18n';

/**
 * Sends one file as multipart field `file` (imports of .bdd / .bb files). The console's JSON client
 * does not send FormData, so this speaks the envelope itself; it resolves with the whole envelope
 * of a code-200 answer (its msg is shown) and rejects after a toast otherwise.
 */
export async function uploadFile(path: string, file: File): Promise<Envelope> {
  const body = new FormData();
  body.append('file', file, file.name);
  const headers: Record<string, string> = { 'jnpf-origin': 'pc' };
  const token = getToken();
  if (token) headers.Authorization = token;
  let answer: Envelope | null = null;
  try {
    const response = await fetch(buildUrl('/api', path, undefined, Math.floor(Date.now() / 1000)), {
      method: 'POST',
      headers,
      body,
      credentials: 'same-origin',
    });
    answer = (await response.json()) as Envelope;
  } catch {
    answer = null;
  }
  if (answer && answer.code === 200) return answer;
  const text = answer?.msg?.trim() ? answer.msg : i18n.t('common:request.failed');
  toastError(text);
  if (answer && [600, 601, 602].includes(answer.code)) window.location.hash = '#/login';
  throw new Error(text);
}

/** Downloads an exported file the server named by address (export answers `{ name, url }`). */
export function downloadUrl(url: string, name?: string): void {
  const link = document.createElement('a');
  link.href = url.startsWith('http') || url.startsWith('/') ? url : `/${url}`;
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
