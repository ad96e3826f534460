import type { FastifyRequest } from 'fastify';
import { ErrorCode, ZUuid } from '@cuadre/contracts';
import { AppError, validation } from './errors.js';

export interface Upload {
  data: Buffer;
  filename: string;
  /** The form's text fields sent before the file (e.g. the id a file belongs to). */
  fields: Record<string, string>;
}

/**
 * The one file of a multipart request, read whole, at most `maxBytes`. A malformed body (no
 * boundary, a boundary past the standard's 70 characters, a form that ends early) is the
 * client's mistake and answers 400, never 500; a larger file answers 413.
 */
export interface UploadRule {
  /** The multipart field the file comes in. */
  field: string;
  maxBytes: number;
  /** The 413's message ('The image is larger than 2 MB'). */
  tooLarge: string;
  /** The 400's message when no file came ('Attach an image'), on the field's path. */
  missing: string;
}

/**
 * The one file a route expects, read whole: 415 when the body is not multipart, 413 past
 * `maxBytes`, 400 when it is malformed or when no file came (`missing`, on the field's path).
 */
export async function readUpload(request: FastifyRequest, rule: UploadRule): Promise<Upload> {
  const file = await readOneFile(request, rule);
  if (!file) throw validation(rule.missing, [{ path: rule.field, message: rule.missing }]);
  return file;
}

/**
 * The same for a file that belongs to a record named by the text field "id", sent before the
 * file (a contact's avatar, a note's or a product's image); 400 `idMissing` when it is no id.
 */
export async function readUploadFor(request: FastifyRequest, rule: UploadRule & { idMissing: string }): Promise<Upload & { id: string }> {
  const file = await readUpload(request, rule);
  const id = ZUuid.safeParse(file.fields.id ?? '');
  if (!id.success) throw validation(rule.idMissing, [{ path: 'id', message: 'Not a valid id' }]);
  return { ...file, id: id.data };
}

async function readOneFile(request: FastifyRequest, opts: { field: string; maxBytes: number; tooLarge: string }): Promise<Upload | undefined> {
  // Otherwise the multipart plugin answers 406 with a code outside the contract.
  if (!request.isMultipart()) throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send the file as multipart/form-data');
  const tooLarge = () => new AppError(413, ErrorCode.TOO_LARGE, opts.tooLarge);
  try {
    const file = await request.file({ limits: { fileSize: opts.maxBytes + 1, files: 1, fields: 10, parts: 20, headerPairs: 100 } });
    if (!file) return undefined;
    const data = await file.toBuffer();
    if (file.file.truncated || data.length > opts.maxBytes) throw tooLarge();
    const fields: Record<string, string> = {};
    for (const [name, part] of Object.entries(file.fields)) {
      const one = Array.isArray(part) ? part[0] : part;
      if (one && one.type === 'field' && typeof one.value === 'string') fields[name] = one.value;
    }
    return { data, filename: file.filename, fields };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) throw tooLarge();
    throw new AppError(400, ErrorCode.VALIDATION, 'The upload is malformed; send one file as multipart/form-data', [
      { path: opts.field, message: 'The upload is malformed' },
    ]);
  }
}
