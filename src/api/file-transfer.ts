import type { EndpointAnswer, EndpointDeclaration } from '../../contract/endpoint';
import { declaredAnswer, send, type CallInput } from './call-endpoint';

/**
 * Calls an endpoint that answers a file (a CSV export) and hands it to the browser as a download: the request
 * carries the bearer token as every call does, so the file cannot be fetched by a plain link. Answers the file name
 * the server gave (Content-Disposition) and its size in bytes.
 */
export async function downloadFile<E extends EndpointDeclaration>(
  endpoint: E,
  input: CallInput<E> = {},
  fallbackName = 'download',
): Promise<{ fileName: string; bytes: number }> {
  const { response } = await send(endpoint, input, { headers: { Accept: '*/*' }, timeout: false });
  const blob = await response.blob();
  const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  const fileName = named?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; free the blob once the browser has started saving it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { fileName, bytes: blob.size };
}

/**
 * Calls an endpoint whose body is a file (a CSV import): the file's bytes as the body, sent with `contentType`, and
 * the answer parsed with the declared schema. Longer than the usual 30 s: a big file takes the server a while.
 */
export async function uploadFile<E extends EndpointDeclaration>(endpoint: E, file: Blob, contentType: string): Promise<EndpointAnswer<E>> {
  const { path, response } = await send(endpoint, {}, { body: file, headers: { 'Content-Type': contentType }, timeout: 120_000 });
  return declaredAnswer(endpoint, path, response);
}
