import { ZApiError } from '@cuadre/contracts';
import { ApiError, languageHeader } from './api';
import { session } from './session';

/** Fetches a file the API serves to the signed-in user only, and hands it to the browser to save. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const res = await fetch(path, { headers: { authorization: `Bearer ${session.get() ?? ''}`, ...languageHeader() } });
  if (!res.ok) {
    // The server's own error (its code is translated on screen) when it sent one.
    const parsed = ZApiError.safeParse(await res.json().catch(() => undefined));
    if (parsed.success) throw new ApiError(res.status, parsed.data.code, parsed.data.message, parsed.data.details);
    throw new Error(res.statusText || `HTTP ${res.status}`);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
