import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Writes a message file into the outbox so that a reader sees it whole or not at all: first under a temporary name
 * in the same folder (which no reader lists: it does not end in the message's extension), flushed to disk, then
 * renamed, which is atomic within a folder. A process killed while writing leaves at most a temporary file, never a
 * cut-off message. Resolves to the file's name.
 */
export async function writeOutboxFile(dir: string, extension: string, content: string | Buffer): Promise<string> {
  await mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}${extension}`;
  const temporary = join(dir, `.${name}.partial`);
  const file = await open(temporary, 'w');
  try {
    await file.writeFile(content);
    await file.sync();
  } catch (error) {
    await file.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await file.close();
  await rename(temporary, join(dir, name));
  return name;
}
